import { describe, expect, it } from 'vitest';
import { planSystemSetup, probeSystem } from '../lib/system-deps.mjs';

const machine = (overrides = {}) => ({
  chromiumPath: '/usr/bin/chromium',
  chromiumPathSet: false,
  chromium: true,
  fonts: true,
  root: false,
  apt: true,
  sudo: false,
  ...overrides,
});

describe('what npm test does about Chromium and the CJK fonts', () => {
  it('does nothing when both are there', () => {
    expect(planSystemSetup(machine())).toEqual({ action: 'ready', missing: [] });
  });

  it('does not hold the tests up when no tool can tell whether the fonts are there', () => {
    expect(planSystemSetup(machine({ fonts: null })).action).toBe('ready');
  });

  it('installs only what is missing with apt-get when it runs as root', () => {
    expect(planSystemSetup(machine({ chromium: false, root: true }))).toEqual({
      action: 'install',
      missing: ['chromium'],
      commands: [
        ['apt-get', 'update', '-qq'],
        ['apt-get', 'install', '-y', '-qq', '--no-install-recommends', 'chromium'],
      ],
      fix: 'sudo apt-get install -y chromium',
    });
    expect(planSystemSetup(machine({ chromium: false, fonts: false, root: true })).commands[1]).toEqual([
      'apt-get',
      'install',
      '-y',
      '-qq',
      '--no-install-recommends',
      'chromium',
      'fonts-noto-cjk',
    ]);
  });

  it('installs through password-less sudo when it is not root', () => {
    const plan = planSystemSetup(machine({ fonts: false, sudo: true }));
    expect(plan.action).toBe('install');
    expect(plan.commands).toEqual([
      ['sudo', '-n', 'apt-get', 'update', '-qq'],
      ['sudo', '-n', 'apt-get', 'install', '-y', '-qq', '--no-install-recommends', 'fonts-noto-cjk'],
    ]);
  });

  it('stops with the one command that fixes it when it may not install', () => {
    expect(planSystemSetup(machine({ chromium: false, fonts: false }))).toEqual({
      action: 'stop',
      missing: ['chromium', 'fonts-noto-cjk'],
      message:
        'The end-to-end tests need chromium and fonts-noto-cjk. Install them with: sudo apt-get install -y chromium fonts-noto-cjk',
    });
    expect(planSystemSetup(machine({ fonts: false })).message).toMatch(
      /Install it with: sudo apt-get install -y fonts-noto-cjk$/,
    );
  });

  it('asks for CHROMIUM_PATH on a machine without apt-get', () => {
    const plan = planSystemSetup(machine({ chromium: false, apt: false, root: true }));
    expect(plan.action).toBe('stop');
    expect(plan.message).toContain('CHROMIUM_PATH=/path/to/chromium npm test');
  });

  it('does not install over a CHROMIUM_PATH that points nowhere', () => {
    const plan = planSystemSetup(
      machine({ chromium: false, chromiumPath: '/opt/none/chrome', chromiumPathSet: true, root: true }),
    );
    expect(plan.action).toBe('stop');
    expect(plan.message).toMatch(/^CHROMIUM_PATH=\/opt\/none\/chrome is not an executable file/);
  });
});

describe('the probe', () => {
  it('reads CHROMIUM_PATH and lets LD_SETUP_SIMULATE stand in for a machine that lacks things', () => {
    const probe = probeSystem({
      CHROMIUM_PATH: '/nonexistent/chromium',
      LD_SETUP_SIMULATE: JSON.stringify({ fonts: false, root: false, sudo: false }),
    });
    expect(probe).toMatchObject({
      chromiumPath: '/nonexistent/chromium',
      chromiumPathSet: true,
      chromium: false,
      fonts: false,
      root: false,
      simulated: true,
    });
  });
});
