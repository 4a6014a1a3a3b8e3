import { spawn } from 'node:child_process';
import fs from 'node:fs';
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

export interface RunResult {
  code: number | null;
  stderr: string;
}

/** Runs ffmpeg with `args`; answers its exit code and the tail of stderr. Kills it after `timeoutMs`. */
export function runFfmpeg(args: string[], timeoutMs: number): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpegPath(), ['-hide_banner', '-nostdin', ...args], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-64_000);
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
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
export async function probe(file: string): Promise<Probe | null> {
  // Without an output ffmpeg exits 1 after printing the input's description.
  const { stderr } = await runFfmpeg(['-i', file], 30_000);
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
