import { spawn } from 'node:child_process';
import path from 'node:path';

export interface RunningBaseline {
  baseUrl: string;
  /** The baseline's process (bench/src/profile-server.ts reads its CPU time). */
  pid: number;
  stop(): Promise<void>;
}

/**
 * Starts baseline.ts in its own process, as the portal runs in its own, so both are measured alike
 * (`nodeArgs`: more options for node, e.g. `--cpu-prof`).
 */
export async function startBaseline(databaseFile: string, nodeArgs: string[] = []): Promise<RunningBaseline> {
  const script = path.join(import.meta.dirname, 'baseline.ts');
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', script], {
    env: { ...process.env, BASELINE_DB: databaseFile },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const baseUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`baseline did not start in 30 s:\n${output}`)), 30_000);
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const match = /\{"address":"([^"]+)"\}/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`baseline exited with ${code}:\n${output}`));
    });
  });
  return {
    baseUrl,
    pid: child.pid ?? 0,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
