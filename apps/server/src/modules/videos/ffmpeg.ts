import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';

// ffmpeg from the npm package that ships the binary (DESIGN §13), so a fresh machine needs nothing
// else. ffprobe is not in the package: `ffmpeg -i` prints the same facts on stderr.

let checked: string | null = null;

/** The binary's path, made executable if the package's postinstall `chmod u+x` did not run. */
export function ffmpegPath(): string {
  if (checked) return checked;
  const file = ffmpegInstaller.path;
  try {
    fs.accessSync(file, fs.constants.X_OK);
  } catch {
    fs.chmodSync(file, 0o755);
  }
  checked = file;
  return file;
}

/** Unix niceness of every ffmpeg child (0 normal, 19 lowest). */
const NICENESS = 10;

export interface RunResult {
  code: number | null;
  stderr: string;
}

/**
 * Runs ffmpeg with `args`; answers its exit code (null when killed) and the tail of stderr. Kills
 * it after `timeoutMs`, or when `signal` aborts (the server closing).
 */
export function runFfmpeg(args: string[], timeoutMs: number, signal?: AbortSignal): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpegPath(), ['-hide_banner', '-nostdin', ...args], {
      stdio: ['ignore', 'ignore', 'pipe'],
      signal,
      killSignal: 'SIGKILL',
    });
    // Below the server's own priority: encoding yields the cores to requests (and to a page
    // being measured) instead of competing with them.
    if (child.pid !== undefined) {
      try {
        os.setPriority(child.pid, NICENESS);
      } catch {
        // Already gone, or not allowed here: it runs at normal priority.
      }
    }
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-64_000);
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      // An abort kills the child: that answers like a kill, not a failure to start.
      if (signal?.aborted) resolve({ code: null, stderr });
      else reject(error);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    });
  });
}

export interface Probe {
  /** Milliseconds. */
  durationMs: number;
  container: string;
  video: { codec: string; width: number; height: number } | null;
  audio: { codec: string } | null;
}

/** What ffmpeg reads in a file, or null when it cannot read it as a video with a duration. */
export async function probe(file: string, signal?: AbortSignal): Promise<Probe | null> {
  // Without an output ffmpeg exits 1 after printing the input's description.
  const { code, stderr } = await runFfmpeg(['-i', file], 30_000, signal);
  if (code === null) return null;
  return parseProbe(stderr);
}

export function parseProbe(stderr: string): Probe | null {
  const input = /Input #0, ([^\n]+?), from /.exec(stderr);
  const duration = /Duration: (\d+):(\d\d):(\d\d(?:\.\d+)?)/.exec(stderr);
  if (!input || !duration) return null;
  const durationMs = Math.round(
    (Number(duration[1]) * 3600 + Number(duration[2]) * 60 + Number(duration[3])) * 1000,
  );
  const videoLine = /Stream #0:\d+[^\n]*?: Video: ([a-z0-9_]+)[^\n]*?, (\d{2,5})x(\d{2,5})/.exec(stderr);
  const audioLine = /Stream #0:\d+[^\n]*?: Audio: ([a-z0-9_]+)/.exec(stderr);
  return {
    durationMs,
    container: input[1],
    video: videoLine
      ? { codec: videoLine[1], width: Number(videoLine[2]), height: Number(videoLine[3]) }
      : null,
    audio: audioLine ? { codec: audioLine[1] } : null,
  };
}
