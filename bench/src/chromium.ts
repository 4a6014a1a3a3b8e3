import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CHROMIUM } from '../../e2e/src/browser.ts';

export interface DebuggableChromium {
  /** The DevTools port Lighthouse connects to. */
  port: number;
  close(): Promise<void>;
}

/**
 * Debian's Chromium, headless, on a fresh profile (a first visit: no cache, no storage), with its
 * DevTools port open. Port 0 lets Chromium pick a free port and write it to DevToolsActivePort in
 * the profile, so parallel helpers on this machine never race for one.
 */
export async function launchDebuggableChromium(): Promise<DebuggableChromium> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'ld-lighthouse-'));
  const child = spawn(
    CHROMIUM,
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--remote-debugging-port=0',
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr = (stderr + chunk).slice(-4000);
  });
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
    // Its helpers (the zygote and the renderers it forked) can outlive it for a while, writing
    // into the profile: they are the processes that name the profile on their command line.
    killProfileHelpers(profile);
    // Chromium's helper processes may still write to the profile for a moment after it exits.
    // A profile still being written after that is left in the temp folder rather than ending the run.
    try {
      fs.rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
    } catch (error) {
      console.warn(`left ${profile} behind: ${(error as Error).message}`);
    }
  };

  const portFile = path.join(profile, 'DevToolsActivePort');
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) {
      await close();
      throw new Error(`chromium exited during start-up:\n${stderr}`);
    }
    const port = Number(fs.existsSync(portFile) ? fs.readFileSync(portFile, 'utf8').split('\n')[0] : '');
    if (port > 0) {
      try {
        const res = await fetch(`http://127.0.0.1:${port}/json/version`);
        if (res.ok) return { port, close };
      } catch {
        // the file is written just before the port accepts connections
      }
    }
    if (Date.now() > deadline) {
      await close();
      throw new Error(`chromium did not open its DevTools port in 30 s:\n${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** SIGKILL to every process whose command line names `profile` (Chromium's helpers of that browser). */
function killProfileHelpers(profile: string): void {
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(profile))
        process.kill(Number(entry), 'SIGKILL');
    } catch {
      // gone meanwhile, or not ours to read
    }
  }
}
