import { Worker, isMainThread, workerData, parentPort } from 'node:worker_threads';
import Database from 'better-sqlite3';
import fs from 'node:fs';
if (isMainThread) {
  let fails = 0, n = Number(process.argv[2] ?? 300), mode = process.argv[3] ?? 'plain';
  for (let i = 0; i < n; i++) {
    const file = `/tmp/racethr/${i}.sqlite`;
    fs.mkdirSync('/tmp/racethr', { recursive: true });
    const sab = new SharedArrayBuffer(4);
    const res = await Promise.all([0, 1].map((k) => new Promise((resolve) => {
      const w = new Worker(new URL(import.meta.url), { workerData: { file, sab, k, mode } });
      w.on('message', resolve);
    })));
    for (const r of res) if (r !== 'ok') { fails++; if (fails < 4) console.log(r); }
  }
  fs.rmSync('/tmp/racethr', { recursive: true, force: true });
  console.log(mode, 'fails', fails, 'of', n);
} else {
  const { file, sab, k, mode } = workerData;
  const flag = new Int32Array(sab);
  Atomics.add(flag, 0, 1);
  while (Atomics.load(flag, 0) < 2) {}
  try {
    const db = new Database(file, { timeout: 2000 });
    if (mode === 'plain') db.pragma('journal_mode = WAL');
    else {
      for (let t = 0; ; t++) {
        try { db.pragma('journal_mode = WAL'); break; }
        catch (e) { if (e.code !== 'SQLITE_BUSY' || t > 100) throw e; Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20); }
      }
    }
    db.exec('create table if not exists t (x)');
    const m = db.pragma('journal_mode', { simple: true });
    db.close();
    parentPort.postMessage(m === 'wal' ? 'ok' : 'mode ' + m);
  } catch (e) { parentPort.postMessage('FAIL ' + e.code + ' ' + e.message); }
}
