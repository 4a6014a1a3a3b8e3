// nginx for `npm run cluster` and the fault tests, from Debian's packages like the browser of the
// end-to-end tests (scripts/lib/system-deps.mjs): installed when missing and we are root or have
// password-less sudo; otherwise we say the one command that installs it. Its brotli_static module
// is welcome (Brotli files of the build are served as they are) but not required (gzip only).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { NGINX } from './cluster.mjs';
import { BROTLI_STATIC_MODULE } from './nginx-config.mjs';
import { probeSystem } from './system-deps.mjs';

export const NGINX_PACKAGES = ['nginx', 'libnginx-mod-http-brotli-static'];

/** `ready`, `install` (with `commands`), or `stop` (with `message`); pure, so each branch is unit-tested. */
export function planNginxSetup(probe) {
  if (probe.nginx) return { action: 'ready' };
  const line = `apt-get install -y ${NGINX_PACKAGES.join(' ')}`;
  if (!probe.apt) {
    return {
      action: 'stop',
      message: `The cluster needs nginx, and this machine has no apt-get: install nginx, or point NGINX_PATH at it.`,
    };
  }
  if (probe.root || probe.sudo) {
    const prefix = probe.root ? [] : ['sudo', '-n'];
    return {
      action: 'install',
      commands: [
        [...prefix, 'apt-get', 'update', '-qq'],
        [...prefix, 'apt-get', 'install', '-y', '-qq', '--no-install-recommends', ...NGINX_PACKAGES],
      ],
    };
  }
  return { action: 'stop', message: `The cluster needs nginx. Install it with: sudo ${line}` };
}

export function probeNginx(env = process.env) {
  const system = probeSystem(env);
  const probe = {
    nginx: fs.existsSync(NGINX),
    brotli: fs.existsSync(BROTLI_STATIC_MODULE),
    root: system.root,
    apt: system.apt,
    sudo: system.sudo,
  };
  return env.LD_NGINX_SIMULATE ? { ...probe, ...JSON.parse(env.LD_NGINX_SIMULATE), simulated: true } : probe;
}

/** Answers true when nginx is there (installing it when we can); prints why not otherwise. */
export function ensureNginx(env = process.env, log = console) {
  const probe = probeNginx(env);
  const plan = planNginxSetup(probe);
  if (plan.action === 'ready') return true;
  if (plan.action === 'stop') {
    log.error(plan.message);
    return false;
  }
  log.info('installing nginx for the cluster');
  for (const argv of plan.commands) {
    if (probe.simulated) {
      log.info(`(simulated) would run: ${argv.join(' ')}`);
      continue;
    }
    log.info(`$ ${argv.join(' ')}`);
    const result = spawnSync(argv[0], argv.slice(1), {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (result.error || result.status !== 0) {
      log.error(`Installing nginx failed. Install it by hand with: sudo apt-get install -y nginx`);
      return false;
    }
  }
  return probe.simulated || fs.existsSync(NGINX);
}
