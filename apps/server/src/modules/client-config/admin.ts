import {
  type AdminConfigKey,
  type AdminConfigKeyListQuery,
  type CreateConfigKeyBody,
  configValueProblem,
  type UpdateConfigKeyBody,
} from '@ld/contract/admin/client-config';
import type { AdminPage } from '@ld/contract/admin/list';
import type { Conn } from '../../db/database.ts';
import type { Deps } from '../../platform/deps.ts';
import { badInput, notFound } from '../../platform/errors.ts';
import { type AuditActor, adminOffset, audited } from '../operators/public.ts';
import * as repo from './admin-repository.ts';
import { fromEnvironment } from './service.ts';

// 客户端配置 in the console. The portal reads the rows at each request (clientConfig, merged with
// the environment, which wins), so a save shows at the next one in every process; `client-config`
// is announced for any process that keeps them later.

const announce = { announce: ['client-config' as const] };

function environmentOf(deps: Deps): Map<string, string> {
  return new Map(fromEnvironment(deps.config).map((i) => [i.key, i.value]));
}

const toAdminKey = (env: Map<string, string>, row: { key: string; value: string }): AdminConfigKey => ({
  key: row.key,
  value: row.value,
  environmentValue: env.get(row.key) ?? null,
});

async function keyOf(deps: Deps, db: Conn, key: string): Promise<AdminConfigKey> {
  const row = await repo.findRow(db, key);
  if (!row) throw notFound('配置键');
  return toAdminKey(environmentOf(deps), row);
}

export async function listConfigKeys(
  deps: Deps,
  q: AdminConfigKeyListQuery,
): Promise<AdminPage<AdminConfigKey>> {
  const { rows, total } = await repo.listRows(
    deps.db.kysely,
    { key: q.key },
    q.order,
    q.pageSize,
    adminOffset(q),
  );
  const env = environmentOf(deps);
  return { records: rows.map((r) => toAdminKey(env, r)), total, current: q.currentPage, size: q.pageSize };
}

export const getConfigKey = (deps: Deps, key: string) => keyOf(deps, deps.db.kysely, key);

export async function createConfigKey(
  deps: Deps,
  actor: AuditActor,
  body: CreateConfigKeyBody,
): Promise<AdminConfigKey> {
  return audited(
    deps,
    actor,
    async (trx) => {
      if (await repo.findRow(trx, body.key))
        throw badInput('key', `配置键「${body.key}」已存在，请直接修改它`);
      await repo.insertRow(trx, body.key, body.value);
      const after = await keyOf(deps, trx, body.key);
      return {
        result: after,
        audit: {
          action: 'client-config.create',
          targetType: 'client-config',
          targetId: body.key,
          before: null,
          after,
        },
      };
    },
    announce,
  );
}

export async function updateConfigKey(
  deps: Deps,
  actor: AuditActor,
  key: string,
  body: UpdateConfigKeyBody,
): Promise<AdminConfigKey> {
  const problem = configValueProblem(key, body.value);
  if (problem) throw badInput('value', problem);
  return audited(
    deps,
    actor,
    async (trx) => {
      const before = await keyOf(deps, trx, key);
      await repo.updateRow(trx, key, body.value);
      const after = await keyOf(deps, trx, key);
      return {
        result: after,
        audit: { action: 'client-config.update', targetType: 'client-config', targetId: key, before, after },
      };
    },
    announce,
  );
}

export async function deleteConfigKey(deps: Deps, actor: AuditActor, key: string): Promise<void> {
  await audited(
    deps,
    actor,
    async (trx) => {
      const before = await keyOf(deps, trx, key);
      await repo.deleteRow(trx, key);
      return {
        result: undefined,
        audit: {
          action: 'client-config.delete',
          targetType: 'client-config',
          targetId: key,
          before,
          after: null,
        },
      };
    },
    announce,
  );
}
