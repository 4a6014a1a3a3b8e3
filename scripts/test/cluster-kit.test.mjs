import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { schemaOf } from '../lib/backup.mjs';
import { renderNginxConfig } from '../lib/nginx-config.mjs';
import { planNginxSetup } from '../lib/nginx-deps.mjs';

const prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'ld-nginx-config-'));
/** The directives, without the comments that explain them. */
const render = (overrides = {}) =>
  directivesOf(
    renderNginxConfig({
      listen: '127.0.0.1:8080',
      upstreams: ['127.0.0.1:8081', '127.0.0.1:8082'],
      webDist: '/srv/portal/apps/web/dist',
      prefix,
      brotli: true,
      ...overrides,
    }),
  );
const directivesOf = (text) =>
  text
    .split('\n')
    .filter((line) => !line.trim().startsWith('#'))
    .join('\n');

describe('the nginx configuration the cluster runs', () => {
  it('puts every process in the upstream and every path under the prefix', () => {
    const text = render();
    expect(text).toContain('server 127.0.0.1:8081 max_fails=1 fail_timeout=2s;');
    expect(text).toContain('server 127.0.0.1:8082 max_fails=1 fail_timeout=2s;');
    expect(text).toContain('least_conn;');
    expect(text).toContain(`pid ${prefix}/nginx.pid;`);
    expect(text).toContain(`error_log ${prefix}/error.log warn;`);
    expect(text).toContain('listen 127.0.0.1:8080;');
    expect(text).not.toMatch(/\{\{[A-Z_]+\}\}/);
  });

  it('retries reads only, passes the client address, and matches the server body limit', () => {
    const text = render();
    expect(text).toContain('proxy_next_upstream error timeout http_502 http_503;');
    expect(text).not.toContain('non_idempotent');
    expect(text).toContain('proxy_set_header X-Forwarded-For $remote_addr;');
    expect(text).toContain('proxy_set_header X-Real-IP $remote_addr;');
    expect(text).toContain('proxy_set_header X-Request-Id $request_id;');
    expect(text).toContain('client_max_body_size 6m;');
    expect(text).toContain('client_max_body_size 2g;');
    expect(render({ adminUploadLimit: '512m' })).toContain('client_max_body_size 512m;');
    expect(() => render({ adminUploadLimit: 'lots' })).toThrow(/ADMIN_UPLOAD_LIMIT/);
  });

  it('serves Brotli files only when the module is installed, gzip always', () => {
    expect(render()).toContain('brotli_static on;');
    expect(render()).toMatch(/^load_module .*ngx_http_brotli_static_module\.so;$/m);
    const gzipOnly = render({ brotli: false });
    expect(gzipOnly).not.toContain('brotli_static');
    expect(gzipOnly).not.toMatch(/^load_module/m);
    expect(gzipOnly).toContain('gzip_static on;');
    expect(gzipOnly).toContain('add_header Cache-Control "public, max-age=31536000, immutable";');
  });

  it("serves the console's assets too once its build exists", () => {
    expect(render()).not.toContain('/admin/assets/');
    expect(render({ adminDist: '/srv/portal/apps/admin/dist' })).toContain(
      'alias /srv/portal/apps/admin/dist/assets/;',
    );
  });
});

describe('what npm run cluster does about nginx', () => {
  const machine = (overrides = {}) => ({
    nginx: false,
    brotli: false,
    root: false,
    apt: true,
    sudo: false,
    ...overrides,
  });

  it('does nothing when nginx is there', () => {
    expect(planNginxSetup(machine({ nginx: true }))).toEqual({ action: 'ready' });
  });

  it('installs nginx and its Brotli module with apt-get as root, or through sudo -n', () => {
    expect(planNginxSetup(machine({ root: true })).commands.at(-1)).toEqual([
      'apt-get',
      'install',
      '-y',
      '-qq',
      '--no-install-recommends',
      'nginx',
      'libnginx-mod-http-brotli-static',
    ]);
    expect(planNginxSetup(machine({ sudo: true })).commands[0].slice(0, 2)).toEqual(['sudo', '-n']);
  });

  it('says the command to run when it may not install', () => {
    expect(planNginxSetup(machine())).toEqual({
      action: 'stop',
      message:
        'The cluster needs nginx. Install it with: sudo apt-get install -y nginx libnginx-mod-http-brotli-static',
    });
    expect(planNginxSetup(machine({ apt: false })).message).toMatch(/NGINX_PATH/);
  });
});

describe('backups', () => {
  it('read the schema a DATABASE_URL works in', () => {
    expect(schemaOf('postgres://u@h:5432/db')).toBe('public');
    expect(schemaOf('postgres://u@h:5432/db?options=-c%20search_path%3Dportal_x')).toBe('portal_x');
  });
});
