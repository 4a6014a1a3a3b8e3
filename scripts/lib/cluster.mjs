// nginx in front of several server processes on one machine: what `npm run cluster` starts, and
// what the fault tests and the bench drive (docs/decisions/0056-cluster.md). Nothing here needs
// root: nginx runs with its own prefix (config, pid, logs, temp files) in a temp folder.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './free-port.mjs';
import { renderNginxConfig } from './nginx-config.mjs';
import { SERVER_MAIN } from './server-build.mjs';

export const NGINX = process.env.NGINX_PATH || '/usr/sbin/nginx';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `url` until it answers 200, or fails after `ms` (or when `alive()` turns false). */
export async function waitForOk(url, { ms = 60_000, alive = () => true, what = url } = {}) {
  const until = Date.now() + ms;
  for (;;) {
    // What the last try got (a status or an error), for the message when it never got a 200.
    const last = await fetch(url, { signal: AbortSignal.timeout(2000) }).then(
      (r) => (r.ok ? null : `HTTP ${r.status}`),
      (error) => String(error?.cause?.code ?? error?.name ?? error),
    );
    if (last === null) return;
    if (!alive()) throw new Error(`${what} ended before it was ready`);
    if (Date.now() > until)
      throw new Error(`${what} was not ready within ${ms / 1000} s (last try: ${last})`);
    await sleep(100);
  }
}

/**
 * One server process of the cluster: `node apps/server/dist/main.js` on its own port. `start()`
 * resolves once `/api/ready` answers; `stop(signal)` resolves with how it ended.
 */
class ServerProcess {
  constructor({ port, metricsPort, env, log, main }) {
    this.port = port;
    this.metricsPort = metricsPort;
    this.env = env;
    this.log = log;
    this.main = main;
    this.child = null;
    this.output = '';
    this.exited = null;
  }

  get url() {
    return `http://127.0.0.1:${this.port}`;
  }

  get running() {
    return this.child !== null && this.child.exitCode === null && this.child.signalCode === null;
  }

  async start() {
    const child = spawn(process.execPath, [this.main], {
      env: { ...this.env, PORT: String(this.port), METRICS_PORT: String(this.metricsPort) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    this.exited = new Promise((resolve) =>
      child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
    );
    const collect = (chunk) => {
      const text = chunk.toString();
      this.output += text;
      this.log?.(text, this);
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    await waitForOk(`${this.url}/api/ready`, {
      alive: () => this.running,
      what: `the server process on port ${this.port}`,
      ms: 180_000,
    }).catch((error) => {
      throw new Error(`${error.message}\n${this.output.slice(-4000)}`);
    });
    return this;
  }

  /** Sends `signal` and resolves with the exit code (or signal name). */
  async stop(signal = 'SIGTERM') {
    if (!this.running) return this.exited;
    this.child.kill(signal);
    return this.exited;
  }

  get pid() {
    return this.child?.pid;
  }
}

/**
 * Starts `processes` server processes and nginx in front of them. Options: `port` (nginx; 0 for a
 * free one), `processPorts` and `metricsPorts` (else free ports), `databaseUrl`, `redisUrl`, `dataDir` (shared by all
 * processes: SQLite aside, that is the uploads), `webDist`, `adminDist`, `env` (more variables for
 * the processes), `log(text, process)` (their output), `main` (the server's entry, compiled by default).
 * Resolves once nginx answers `/api/ready` through the upstream.
 */
export async function startCluster(options) {
  const {
    processes = 2,
    databaseUrl,
    redisUrl,
    dataDir,
    webDist,
    adminDist = null,
    env = {},
    log,
    main = SERVER_MAIN,
  } = options;
  if (processes > 1 && (!databaseUrl || !redisUrl)) {
    throw new Error('several processes need PostgreSQL and Redis (DATABASE_URL, REDIS_URL)');
  }
  const port = options.port || (await freePort());
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'ld-cluster-nginx-'));
  // nginx's workers run as `nobody` when the master is root: they must reach the temp files.
  fs.chmodSync(prefix, 0o755);
  fs.mkdirSync(path.join(prefix, 'tmp'));
  const ports = options.processPorts ?? [];
  while (ports.length < processes) ports.push(await freePort());
  const baseEnv = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? os.tmpdir(),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl ?? '',
    REDIS_URL: redisUrl ?? '',
    WEB_DIST: webDist,
    TRUST_PROXY: '1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'info',
    ...env,
  };
  const servers = [];
  for (const [i, p] of ports.entries()) {
    const metricsPort = options.metricsPorts?.[i] ?? (await freePort());
    servers.push(new ServerProcess({ port: p, metricsPort, env: baseEnv, log, main }));
  }

  const cluster = {
    url: `http://127.0.0.1:${port}`,
    port,
    prefix,
    servers,
    nginx: null,
    /** Everything nginx logged at warn or worse so far. */
    nginxErrors: () => {
      const file = path.join(prefix, 'error.log');
      return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
    },
    accessLog: () => {
      const file = path.join(prefix, 'access.log');
      return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
    },
    /**
     * SIGTERM, wait for the exit, start again on the same port, wait until it is ready and nginx
     * sends it requests again (nginx keeps a failed process aside for fail_timeout, 2 s): only
     * then may the next process of a rolling restart stop.
     */
    async restart(index, signal = 'SIGTERM') {
      const server = servers[index];
      const exit = await server.stop(signal);
      await server.start();
      const until = Date.now() + 20_000;
      for (;;) {
        const answer = await fetch(`${cluster.url}/api/live`).catch(() => null);
        if (answer?.headers.get('x-served-by')?.endsWith(`:${server.port}`)) break;
        if (Date.now() > until) throw new Error(`nginx did not send requests to port ${server.port} again`);
        await sleep(100);
      }
      return exit;
    },
    async stop() {
      await Promise.all(servers.map((s) => s.stop('SIGTERM')));
      if (cluster.nginx && cluster.nginx.exitCode === null) {
        const ended = new Promise((resolve) => cluster.nginx.once('exit', resolve));
        cluster.nginx.kill('SIGQUIT');
        await Promise.race([ended, sleep(5000)]);
        if (cluster.nginx.exitCode === null) cluster.nginx.kill('SIGKILL');
      }
      fs.rmSync(prefix, { recursive: true, force: true });
    },
  };

  try {
    // Together: the start-up lock lets one migrate and seed while the others wait (0020).
    await Promise.all(servers.map((s) => s.start()));
    const config = renderNginxConfig({
      listen: `127.0.0.1:${port}`,
      upstreams: ports.map((p) => `127.0.0.1:${p}`),
      webDist,
      adminDist,
      prefix,
    });
    const configFile = path.join(prefix, 'nginx.conf');
    fs.writeFileSync(configFile, config);
    const args = ['-p', prefix, '-c', configFile, '-e', path.join(prefix, 'error.log')];
    const check = spawnSync(NGINX, [...args, '-t'], { encoding: 'utf8' });
    if (check.status !== 0) throw new Error(`nginx refused its configuration:\n${check.stderr}`);
    cluster.nginx = spawn(NGINX, [...args, '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'pipe'] });
    let nginxOutput = '';
    cluster.nginx.stderr.on('data', (d) => {
      nginxOutput += d;
    });
    await waitForOk(`${cluster.url}/api/ready`, {
      alive: () => cluster.nginx.exitCode === null,
      what: 'nginx',
      // Its processes answered their own health checks already; once, with the other fault tests
      // loading two cores, no 200 came through it within 20 s (the message now names the last answer).
      ms: 60_000,
    }).catch((error) => {
      throw new Error(`${error.message}\n${nginxOutput}${cluster.nginxErrors()}`);
    });
  } catch (error) {
    await cluster.stop();
    throw error;
  }
  return cluster;
}
