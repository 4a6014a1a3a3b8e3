// Runs the server's compiled main (REAL_MAIN) for bench/src/download-cpu.ts: counts this
// process's writes to PostgreSQL's socket (one per round trip) and, with PROF_DIR, profiles its CPU;
// on each SIGUSR2 it prints the count and starts or stops the profile.

import fs from 'node:fs';
import inspector from 'node:inspector';
import net from 'node:net';

let queries = 0;
const orig = net.Socket.prototype._writeGeneric;
net.Socket.prototype._writeGeneric = function (...args) {
  if (this.remotePort === 5432) queries++;
  return orig.apply(this, args);
};
const session = new inspector.Session();
session.connect();
let on = false;
process.on('SIGUSR2', () => {
  process.stdout.write(`@@queries ${queries}\n`);
  if (!process.env.PROF_DIR) return;
  if (!on) {
    on = true;
    session.post('Profiler.enable', () =>
      session.post('Profiler.setSamplingInterval', { interval: 200 }, () => session.post('Profiler.start')),
    );
  } else {
    on = false;
    session.post('Profiler.stop', (_err, { profile }) => {
      fs.writeFileSync(`${process.env.PROF_DIR}/${process.pid}.cpuprofile`, JSON.stringify(profile));
    });
  }
});
await import(process.env.REAL_MAIN);
