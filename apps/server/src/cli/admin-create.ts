// `npm run admin:create -- --name NAME --role admin [--password-stdin]`: creates an operator of
// the console (docs/decisions/0048-operator-console.md), on the database `npm start` uses
// (DATA_DIR's SQLite file, or DATABASE_URL). The password is typed at a prompt that does not echo
// it (twice), or read from standard input with --password-stdin; there is no default password,
// and nothing secret is printed. Exit codes: 0 created, 64 bad usage or weak password, 65 refused
// (name taken), 78 bad configuration.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { operatorPasswordProblem } from '@ld/contract/admin/password';
import { isOperatorRole, OPERATOR_ROLES, type OperatorRole } from '@ld/contract/admin/roles';
import { OPERATOR_NAME_PATTERN } from '@ld/contract/admin/session';
import { sql } from 'kysely';
import { ConfigError, loadConfig } from '../config.ts';
import { createDb } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { createOperator } from '../modules/operators/operators-service.ts';
import { systemClock } from '../platform/clock.ts';
import { AppError } from '../platform/errors.ts';
import { withStartupLock } from '../platform/startup-lock.ts';
import { readAllStdin, readHidden } from './read-password.ts';

const USAGE = `用法: npm run admin:create -- --name 名称 --role ${OPERATOR_ROLES.join('|')} [--password-stdin]
  --name            操作员名：3-32 位字母、数字或 _ . -
  --role            角色：admin 管理员、editor 编辑、moderator 审核员、finance 财务
  --password-stdin  从标准输入读取密码（否则在终端提示输入，不回显）`;

function fail(message: string, code: number): never {
  console.error(message);
  process.exit(code);
}

async function main(): Promise<void> {
  let values: { name?: string; role?: string; 'password-stdin'?: boolean; help?: boolean };
  try {
    ({ values } = parseArgs({
      options: {
        name: { type: 'string' },
        role: { type: 'string' },
        'password-stdin': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    fail(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`, 64);
  }
  if (values.help) {
    console.info(USAGE);
    return;
  }
  const name = values.name?.trim() ?? '';
  if (!OPERATOR_NAME_PATTERN.test(name))
    fail(`--name 无效：操作员名为 3-32 位字母、数字或 _ . -\n${USAGE}`, 64);
  if (!isOperatorRole(values.role)) fail(`--role 无效：只能是 ${OPERATOR_ROLES.join('、')}\n${USAGE}`, 64);
  const role: OperatorRole = values.role;

  let password: string;
  if (values['password-stdin']) {
    password = (await readAllStdin()).replace(/\r?\n$/, '');
  } else {
    if (!process.stdin.isTTY)
      fail('没有终端可以输入密码：请在终端运行，或用 --password-stdin 从标准输入提供密码', 64);
    password = await readHidden('密码: ');
    const problem = operatorPasswordProblem(password, name);
    if (problem) fail(`密码不符合要求：${problem}`, 64);
    if ((await readHidden('再输入一次: ')) !== password) fail('两次输入的密码不一致', 64);
  }
  const problem = operatorPasswordProblem(password, name);
  if (problem) fail(`密码不符合要求：${problem}`, 64);

  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message, 78);
    throw error;
  }
  fs.mkdirSync(config.dataDir, { recursive: true });
  const db = createDb({
    databaseUrl: config.databaseUrl,
    sqlitePath: path.join(config.dataDir, 'portal.sqlite'),
  });
  try {
    // The same start-up lock as the server: a server starting meanwhile migrates once.
    await withStartupLock(db, path.join(config.dataDir, 'startup.lock'), async () => {
      const schema =
        db.dialect === 'postgres'
          ? ((await sql<{ schema: string }>`select current_schema() as schema`.execute(db.kysely)).rows[0]
              ?.schema ?? 'public')
          : undefined;
      await migrateToLatest(db.kysely, schema);
    });
    const operator = await createOperator(
      { db, clock: systemClock, config },
      { operatorId: null, ip: 'cli' },
      { name, role, password },
    );
    console.info(
      `已创建操作员 ${operator.name}（${operator.role}，编号 ${operator.id}）。打开 ${config.publicUrl}/admin 登录。`,
    );
  } catch (error) {
    if (error instanceof AppError) fail(`未创建：${error.message}`, 65);
    throw error;
  } finally {
    await db.close();
  }
}

main().catch((error) => {
  console.error('admin:create failed:', error instanceof Error ? error.message : error);
  process.exit(1);
});
