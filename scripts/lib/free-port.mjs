// A port for a test or bench server to listen on. Asking the kernel for port 0 and closing it again
// hands out a port from the ephemeral range, where the kernel also picks the local port of every
// outgoing connection (to PostgreSQL, Redis, the upstreams of nginx): between our close and the
// server's listen, or while a cluster process restarts on its port, a connection can take it, and
// the server fails with EADDRINUSE (seen once in CI). So the port is chosen below that range, at
// random, never twice in one process, and only once a listen on it has succeeded.
import fs from 'node:fs';
import net from 'node:net';

const handedOut = new Set();

function ephemeralLow() {
  try {
    const [low] = fs.readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/);
    return Number(low) || 32768;
  } catch {
    return 32768;
  }
}

function tryListen(port) {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(0));
    server.listen(port, '127.0.0.1', () => {
      const chosen = server.address().port;
      server.close(() => resolve(chosen));
    });
  });
}

export async function freePort() {
  const low = 10_000;
  const high = ephemeralLow();
  if (high - low >= 2_000) {
    for (let attempt = 0; attempt < 50; attempt++) {
      const port = low + Math.floor(Math.random() * (high - low));
      if (handedOut.has(port)) continue;
      if ((await tryListen(port)) === port) {
        handedOut.add(port);
        return port;
      }
    }
  }
  // A machine whose ephemeral range leaves no room below it: let the kernel choose.
  for (;;) {
    const port = await tryListen(0);
    if (port && !handedOut.has(port)) {
      handedOut.add(port);
      return port;
    }
  }
}
