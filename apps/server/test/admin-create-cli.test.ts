import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../src/db/database.ts';

// `npm run admin:create` as a newcomer runs it (issue 20 §2): the password only from a prompt or
// standard input, never a default; nothing secret printed; bad usage refused with why, creating
// nothing; the operator written through the service with a command-line audit row.
const ROOT = path.join(import.meta.dirname, '../../..');
const CLI = path.join(ROOT, 'apps/server/src/cli/admin-create.ts');
const PASSWORD = 'Lan-Zuan#2026ok';

describe('npm run admin:create', { timeout: 60_000 }, () => {
  let dataDir: string;
  let db: Db | undefined;
  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ld-cli-'));
  });
  afterAll(async () => {
    await db?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const run = (args: string[], input?: string) => {
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
    delete env.DATABASE_URL;
    const result = spawnSync(process.execPath, ['--import', 'tsx', CLI, ...args], {
      cwd: ROOT,
      env,
      // No terminal: stdin is a pipe (closed at once when there is no input).
      input: input ?? '',
      encoding: 'utf8',
      timeout: 60_000,
    });
    return { status: result.status, out: `${result.stdout}${result.stderr}` };
  };
  const operators = async () => {
    const file = path.join(dataDir, 'portal.sqlite');
    if (!fs.existsSync(file)) return [];
    db ??= createDb({ sqlitePath: file });
    return db.kysely.selectFrom('operators').select(['name', 'role', 'password_hash']).execute();
  };

  it('refuses to run without a terminal or --password-stdin: there is no default password', async () => {
    const answer = run(['--name', 'boss', '--role', 'admin']);
    expect(answer.status).toBe(64);
    expect(answer.out).toContain('没有终端可以输入密码');
    expect(await operators()).toEqual([]);
  });

  it('refuses a bad role, a bad name and a weak password with the rule, creating nothing', async () => {
    const role = run(['--name', 'boss', '--role', 'boss', '--password-stdin'], `${PASSWORD}\n`);
    expect(role.status).toBe(64);
    expect(role.out).toContain('--role 无效');
    const name = run(['--name', 'b', '--role', 'admin', '--password-stdin'], `${PASSWORD}\n`);
    expect(name.status).toBe(64);
    expect(name.out).toContain('--name 无效');
    const weak = run(['--name', 'boss', '--role', 'admin', '--password-stdin'], 'password\n');
    expect(weak.status).toBe(64);
    expect(weak.out).toContain('密码不符合要求');
    expect(weak.out).not.toContain('password\n');
    expect(await operators()).toEqual([]);
  });

  it('creates the admin from standard input, prints no secret, audits it; the same name again is refused', async () => {
    const made = run(['--name', 'boss', '--role', 'admin', '--password-stdin'], `${PASSWORD}\n`);
    expect(made.status, made.out).toBe(0);
    expect(made.out).toContain('已创建操作员 boss（admin');
    expect(made.out).toContain('/admin');
    expect(made.out).not.toContain(PASSWORD);
    const rows = await operators();
    expect(rows.map((r) => [r.name, r.role])).toEqual([['boss', 'admin']]);
    expect(rows[0].password_hash).not.toContain(PASSWORD);
    expect(rows[0].password_hash.length).toBeGreaterThan(40);
    const audit = await db!.kysely.selectFrom('audit_log').select(['action', 'operator_id', 'ip']).execute();
    expect(audit).toEqual([{ action: 'operator.create', operator_id: null, ip: 'cli' }]);

    const again = run(['--name', 'BOSS', '--role', 'editor', '--password-stdin'], `${PASSWORD}x\n`);
    expect(again.status).toBe(65);
    expect(again.out).toContain('未创建');
    expect((await operators()).map((r) => r.name)).toEqual(['boss']);
  });
});
