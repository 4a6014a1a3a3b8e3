import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { makeTxtNovel } from '@ld/server/test/helpers/txt-novel.ts';
import { startPortal } from '../../e2e/src/server.ts';
import type { Comparison, Figure } from './report.ts';

// The console's TXT import (issue 20 §6, docs/decisions/0059-novels-and-comics-console.md): a
// 2 MB GBK novel uploaded, split and saved through the admin API of a real portal, timed, with the
// server process's resident memory sampled throughout (its growth over the idle process is the
// import's own peak).

const ROOT = path.resolve(import.meta.dirname, '../..');
const API = '/api/admin/v1';

/** Resident memory of a process, MB (Linux). */
const rssMb = (pid: number) => {
  const line = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return line ? Number(line[1]) / 1024 : 0;
};

export async function novelImportScenario(options: {
  webDist?: string;
}): Promise<{ figures: Figure[]; comparisons: Comparison[] }> {
  const portal = await startPortal({
    SEED: '1',
    LOG_LEVEL: 'error',
    ...(options.webDist ? { WEB_DIST: options.webDist } : {}),
  });
  try {
    const name = `bench_${Date.now().toString(36)}`;
    const password = 'B3nch!import';
    const made = spawnSync(
      'npm',
      ['run', '-s', 'admin:create', '--', '--name', name, '--role', 'editor', '--password-stdin'],
      {
        cwd: ROOT,
        input: `${password}\n`,
        encoding: 'utf8',
        env: { ...process.env, DATA_DIR: portal.dataDir, DATABASE_URL: '' },
      },
    );
    if (made.status !== 0) throw new Error(`admin:create failed: ${made.stderr}${made.stdout}`);
    const login = await fetch(`${portal.baseUrl}${API}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name, password }),
    });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
    const { data: session } = (await login.json()) as { data: { csrfToken: string } };
    const call = async <T>(method: string, url: string, body?: BodyInit, json = true): Promise<T> => {
      const res = await fetch(`${portal.baseUrl}${API}${url}`, {
        method,
        headers: {
          cookie,
          'x-csrf-token': session.csrfToken,
          ...(json && body ? { 'content-type': 'application/json' } : {}),
        },
        body,
      });
      const answer = (await res.json()) as { code: number; msg: string; data: T };
      if (answer.code !== 0) throw new Error(`${method} ${url}: ${answer.msg}`);
      return answer.data;
    };
    const [category] = await call<Array<{ id: number }>>('GET', '/novels/categories');
    const work = await call<{ id: number }>(
      'POST',
      '/novels',
      JSON.stringify({ title: '压测导入', author: 'bench', categoryId: category.id }),
    );
    const novel = makeTxtNovel({ minBytes: 2 * 1024 * 1024, encoding: 'gbk' });

    const idle = rssMb(portal.pid);
    let peak = idle;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssMb(portal.pid));
    }, 5);
    const started = performance.now();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(novel.bytes)], { type: 'text/plain' }), 'bench.txt');
    const preview = await call<{
      importId: string;
      chapters: Array<{ title: string; from: number; to: number }>;
    }>('POST', `/novels/${work.id}/imports`, form, false);
    const previewMs = performance.now() - started;
    const saved = await call<{ added: number }>(
      'POST',
      `/novels/${work.id}/imports/${preview.importId}`,
      JSON.stringify({
        chapters: preview.chapters.slice(1).map(({ title, from, to }) => ({ title, from, to })),
      }),
    );
    const totalMs = performance.now() - started;
    clearInterval(sampler);
    peak = Math.max(peak, rssMb(portal.pid));
    if (saved.added !== novel.titles.length)
      throw new Error(`imported ${saved.added} chapters, the file has ${novel.titles.length}`);
    console.info(
      `novel import: ${(novel.bytes.length / 1024 / 1024).toFixed(2)} MB GBK, ${saved.added} chapters; ` +
        `upload + split ${previewMs.toFixed(0)} ms, save ${(totalMs - previewMs).toFixed(0)} ms; ` +
        `server RSS ${idle.toFixed(0)} MB idle, ${peak.toFixed(0)} MB at peak`,
    );
    return {
      figures: [
        {
          name: 'novel import 2 MB GBK: upload, split, save',
          value: Math.round(totalMs),
          unit: 'ms',
          budget: 5000,
          better: 'lower',
        },
        {
          name: 'novel import 2 MB GBK: server peak RSS over idle',
          value: Math.round(peak - idle),
          unit: 'MB',
          budget: 100,
          better: 'lower',
        },
      ],
      comparisons: [],
    };
  } finally {
    await portal.stop();
  }
}
