// Fills deploy/nginx.conf.template (docs/decisions/0056-cluster.md). `npm run cluster` writes the
// result into its own temp folder; `npm run --silent cluster:nginx-config` prints it for a server
// (CLUSTER_PORTS, WEB_DIST, ADMIN_DIST, NGINX_LISTEN, NGINX_PREFIX, ADMIN_UPLOAD_LIMIT).
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
export const TEMPLATE = path.join(root, 'deploy/nginx.conf.template');
/** Debian's package `libnginx-mod-http-brotli-static` puts the module here. */
export const BROTLI_STATIC_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';
/** Default upload limit of the operator console's routes (/api/admin/): packages and videos. */
export const DEFAULT_ADMIN_UPLOAD_LIMIT = '2g';

/**
 * The nginx configuration for processes on `upstreams` (`host:port` each), nginx listening on
 * `listen` (a port or `host:port`), files, pid and logs under `prefix`. Brotli files are served
 * when Debian's brotli_static module is installed, else gzip only.
 */
export function renderNginxConfig({
  listen,
  upstreams,
  webDist,
  adminDist = null,
  prefix,
  adminUploadLimit = DEFAULT_ADMIN_UPLOAD_LIMIT,
  brotli = fs.existsSync(BROTLI_STATIC_MODULE),
  mimeTypes = '/etc/nginx/mime.types',
}) {
  if (upstreams.length === 0) throw new Error('the cluster needs at least one server process');
  if (!/^\d+[kmg]?$/i.test(adminUploadLimit))
    throw new Error(`ADMIN_UPLOAD_LIMIT=${adminUploadLimit}: a size such as 512m or 2g`);
  const values = {
    LOAD_MODULES: brotli ? `load_module ${BROTLI_STATIC_MODULE};` : '# (no brotli_static module: gzip only)',
    PID_FILE: path.join(prefix, 'nginx.pid'),
    ERROR_LOG: path.join(prefix, 'error.log'),
    ACCESS_LOG: path.join(prefix, 'access.log'),
    TEMP_DIR: path.join(prefix, 'tmp'),
    MIME_TYPES: mimeTypes,
    UPSTREAM_SERVERS: upstreams.map((u) => `    server ${u} max_fails=1 fail_timeout=2s;`).join('\n'),
    LISTEN: String(listen),
    WEB_DIST: webDist,
    BROTLI_STATIC: brotli ? '      brotli_static on;' : '',
    ADMIN_ASSETS: adminDist
      ? [
          "    # The operator console's build (apps/admin), the same way.",
          '    location /admin/assets/ {',
          `      alias ${path.join(adminDist, 'assets')}/;`,
          '      gzip_static on;',
          brotli ? '      brotli_static on;' : '',
          '      add_header Cache-Control "public, max-age=31536000, immutable";',
          '      add_header X-Content-Type-Options nosniff;',
          '      add_header X-Served-By "nginx";',
          '      try_files $uri =404;',
          '    }',
        ]
          .filter(Boolean)
          .join('\n')
      : '',
    ADMIN_UPLOAD_LIMIT: adminUploadLimit,
  };
  const text = fs.readFileSync(TEMPLATE, 'utf8').replace(/\{\{([A-Z_]+)\}\}/g, (whole, name) => {
    if (!(name in values)) throw new Error(`deploy/nginx.conf.template: unknown placeholder ${whole}`);
    return values[name];
  });
  return text;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const env = process.env;
  const upstreams = (env.CLUSTER_PORTS ?? '8081,8082')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => (p.includes(':') ? p : `127.0.0.1:${p}`));
  process.stdout.write(
    renderNginxConfig({
      listen: env.NGINX_LISTEN ?? '80',
      upstreams,
      webDist: path.resolve(env.WEB_DIST ?? path.join(root, 'apps/web/dist')),
      adminDist: env.ADMIN_DIST ? path.resolve(env.ADMIN_DIST) : null,
      prefix: env.NGINX_PREFIX ?? '/var/lib/portal-nginx',
      adminUploadLimit: env.ADMIN_UPLOAD_LIMIT ?? DEFAULT_ADMIN_UPLOAD_LIMIT,
    }),
  );
}
