import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../scripts/lib/free-port.mjs';
import { ensureServerBuilt, SERVER_MAIN } from '../../scripts/lib/server-build.mjs';

const ROOT = path.resolve(import.meta.dirname, '../..');

export interface RunningPortal {
  baseUrl: string;
  /** The server process (the bench samples its memory). */
  pid: number;
  dataDir: string;
  /** Everything the process has written, also kept in `logFile` for test workers to read. */
  logFile: string;
  /** The warn-or-worse lines the portal has logged so far (none in a clean run). */
  troubleLines(): string[];
  stop(): Promise<void>;
}

/** Warn-or-worse JSON log lines (pino levels 40+) in a portal's output, from `offset` (bytes) on. */
export function troubleIn(logFile: string, offset = 0): string[] {
  if (!fs.existsSync(logFile)) return [];
  return fs
    .readFileSync(logFile)
    .subarray(offset)
    .toString('utf8')
    .split('\n')
    .filter((line) => {
      if (!line.startsWith('{')) return false;
      try {
        return (JSON.parse(line) as { level?: number }).level! >= 40;
      } catch {
        return false;
      }
    });
}

/**
 * The real portal as a user gets it: the compiled server (`apps/server/dist/main.js`, the bundle
 * production runs, built here when older than its sources) serving the built SPA, on a temporary
 * SQLite database with demo content, the console SMS provider and the dev inbox.
 */
export async function startPortal(env: Record<string, string> = {}): Promise<RunningPortal> {
  await ensureServerBuilt();
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ld-e2e-'));
  const child: ChildProcess = spawn(process.execPath, [SERVER_MAIN], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEV_INBOX: '1',
      LOG_LEVEL: 'warn',
      SCRYPT_LOG_N: '14',
      // Many simulated users share 127.0.0.1; per-IP limits are covered by the API tests.
      RATE_LIMIT: 'off',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: '',
      // A helper building into its own folder points the run at it (parallel builds must not share dist/).
      ...(process.env.E2E_WEB_DIST ? { WEB_DIST: process.env.E2E_WEB_DIST } : {}),
      ...(process.env.E2E_ADMIN_DIST ? { ADMIN_DIST: process.env.E2E_ADMIN_DIST } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Kept outside dataDir so that stop() can remove the data and the log can still be read.
  const logFile = `${dataDir}.log`;
  let output = '';
  const keep = (d: Buffer) => {
    output += d;
    fs.appendFileSync(logFile, d);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`portal exited during start-up:\n${output}`);
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`portal did not start in 120 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    baseUrl,
    pid: child.pid ?? 0,
    dataDir,
    logFile,
    troubleLines: () => troubleIn(logFile),
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
      fs.rmSync(logFile, { force: true });
    },
  };
}
