// The machine-level part of `npm test`: the end-to-end tests need a Chromium and CJK fonts, which
// npm cannot install. On Debian, as root (or with password-less sudo), we install them ourselves;
// anywhere else we stop at once with the one command that fixes it.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

export const DEFAULT_CHROMIUM = '/usr/bin/chromium';

/**
 * What to do about the system packages, decided from what the probe found (a pure function, so
 * every branch is unit-tested without a machine that lacks them):
 * - `ready`: nothing is missing;
 * - `install`: run `commands` (each an argv array), then probe again;
 * - `stop`: print `message` (it ends with the command that fixes it) and exit.
 */
export function planSystemSetup(probe) {
  const missing = [];
  if (!probe.chromium) missing.push('chromium');
  if (probe.fonts === false) missing.push('fonts-noto-cjk');
  if (missing.length === 0) return { action: 'ready', missing };

  if (probe.chromiumPathSet && !probe.chromium) {
    // Someone pointed us at a browser explicitly: installing Debian's would not fix their setting.
    return {
      action: 'stop',
      missing,
      message: `CHROMIUM_PATH=${probe.chromiumPath} is not an executable file. Point it at a Chromium, or unset it to use ${DEFAULT_CHROMIUM}.`,
    };
  }
  const aptLine = `apt-get install -y ${missing.join(' ')}`;
  if (!probe.apt) {
    const fixes = [];
    if (missing.includes('chromium'))
      fixes.push('install Chromium and run `CHROMIUM_PATH=/path/to/chromium npm test`');
    if (missing.includes('fonts-noto-cjk')) fixes.push('install the Noto CJK fonts (Noto Sans CJK SC)');
    return {
      action: 'stop',
      missing,
      message: `The end-to-end tests need ${missing.join(' and ')}, and this machine has no apt-get: ${fixes.join('; ')}.`,
    };
  }
  if (probe.root || probe.sudo) {
    const prefix = probe.root ? [] : ['sudo', '-n'];
    return {
      action: 'install',
      missing,
      commands: [
        [...prefix, 'apt-get', 'update', '-qq'],
        [...prefix, 'apt-get', 'install', '-y', '-qq', '--no-install-recommends', ...missing],
      ],
      fix: `sudo ${aptLine}`,
    };
  }
  return {
    action: 'stop',
    missing,
    message: `The end-to-end tests need ${missing.join(' and ')}. Install ${missing.length > 1 ? 'them' : 'it'} with: sudo ${aptLine}`,
  };
}

const isExecutable = (file) => {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
};

const succeeds = (command, args) => {
  const result = spawnSync(command, args, { stdio: 'ignore' });
  return !result.error && result.status === 0;
};

/** Whether CJK fonts are there: dpkg knows on Debian, fontconfig elsewhere; `null` when neither can say. */
function hasCjkFonts() {
  const dpkg = spawnSync('dpkg-query', ['-W', `-f=\${Status}`, 'fonts-noto-cjk'], { encoding: 'utf8' });
  if (!dpkg.error) return dpkg.status === 0 && dpkg.stdout.includes('install ok installed');
  const fc = spawnSync('fc-list', [':lang=zh', 'family'], { encoding: 'utf8' });
  if (!fc.error && fc.status === 0) return /Noto (Sans|Serif) CJK/.test(fc.stdout);
  return null;
}

/** Looks at the machine. `LD_SETUP_SIMULATE` (JSON) overrides fields, to try a branch on a machine that has everything. */
export function probeSystem(env = process.env) {
  const chromiumPath = env.CHROMIUM_PATH || DEFAULT_CHROMIUM;
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  const apt = isExecutable('/usr/bin/apt-get');
  const probe = {
    chromiumPath,
    chromiumPathSet: Boolean(env.CHROMIUM_PATH),
    chromium: isExecutable(chromiumPath),
    fonts: hasCjkFonts(),
    root,
    apt,
    sudo: !root && apt && isExecutable('/usr/bin/sudo') && succeeds('sudo', ['-n', 'true']),
  };
  return env.LD_SETUP_SIMULATE ? { ...probe, ...JSON.parse(env.LD_SETUP_SIMULATE), simulated: true } : probe;
}

/**
 * Makes sure the browser and fonts are there, installing them when we can. Answers true when the
 * end-to-end tests can run; prints why not otherwise. Under `LD_SETUP_SIMULATE` the install
 * commands are printed, not run (nothing on a shared machine changes).
 */
export function ensureSystemDeps(env = process.env, log = console) {
  const probe = probeSystem(env);
  const plan = planSystemSetup(probe);
  if (plan.action === 'ready') return true;
  if (plan.action === 'stop') {
    log.error(plan.message);
    return false;
  }
  log.info(`installing ${plan.missing.join(' and ')} for the end-to-end tests`);
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
      log.error(`Installing ${plan.missing.join(' and ')} failed. Install by hand with: ${plan.fix}`);
      return false;
    }
  }
  if (probe.simulated) return true;
  const after = planSystemSetup(probeSystem(env));
  if (after.action !== 'ready') {
    log.error(
      `${after.missing.join(' and ')} still missing after apt-get. Install by hand with: ${plan.fix}`,
    );
    return false;
  }
  return true;
}
