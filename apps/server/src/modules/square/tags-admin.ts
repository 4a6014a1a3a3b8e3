import type { AdminPage } from '@ld/contract/admin/list';
import type {
  AdminSquareTag,
  AdminSquareTagListQuery,
  CreateSquareTagBody,
  UpdateSquareTagBody,
} from '@ld/contract/admin/square-tags';
import type { Selectable } from 'kysely';
import type { Conn } from '../../db/database.ts';
import { toIso } from '../../platform/clock.ts';
import type { Deps } from '../../platform/deps.ts';
import { badInput, notFound } from '../../platform/errors.ts';
import { type AuditActor, adminOffset, audited, consoleRecord } from '../operators/public.ts';
import type { SquareTagsTable } from './tables.ts';
import * as repo from './tags-admin-repository.ts';

// 话题 in the console. The square reads its tags at each request, and a save announces `square`
// (the guest feed keeps tag names), so it shows at the next one in every process. Tags are never
// deleted (posts point at them): taken out of use, a tag leaves the list and new posts, and its
// posts keep it.

const toAdminTag = (row: Selectable<SquareTagsTable>): AdminSquareTag => ({
  id: Number(row.id),
  name: row.name,
  sort: row.sort,
  published: row.is_active === 1,
  createTime: toIso(Number(row.created_at)),
});

async function tagOf(db: Conn, id: number): Promise<AdminSquareTag> {
  const row = await repo.findAnyTag(db, id);
  if (!row) throw notFound('话题');
  return toAdminTag(row);
}

async function assertNameFree(db: Conn, name: string, self?: number): Promise<void> {
  const other = await repo.findTagByName(db, name);
  if (other && Number(other.id) !== self) throw badInput('name', `话题「${name}」已存在`);
}

export async function listSquareTags(
  deps: Deps,
  q: AdminSquareTagListQuery,
): Promise<AdminPage<AdminSquareTag>> {
  const { rows, total } = await repo.listAllTags(
    deps.db.kysely,
    { published: consoleRecord.publishedFilter(q.published) },
    q.sort,
    q.order,
    q.pageSize,
    adminOffset(q),
  );
  return consoleRecord.page(rows.map(toAdminTag), total, q);
}

export const getSquareTag = (deps: Deps, id: number) => tagOf(deps.db.kysely, id);

export async function createSquareTag(
  deps: Deps,
  actor: AuditActor,
  body: CreateSquareTagBody,
): Promise<AdminSquareTag> {
  return audited(deps, actor, async (trx) => {
    await assertNameFree(trx, body.name);
    const id = await repo.insertTag(trx, {
      name: body.name,
      sort: body.sort,
      is_active: body.published ? 1 : 0,
      created_at: deps.clock.now(),
    });
    const after = await tagOf(trx, id);
    return {
      result: after,
      audit: { action: 'square-tag.create', targetType: 'square-tag', targetId: id, before: null, after },
    };
  });
}

/** Renames, moves, or (`{ published }` alone) puts in or out of use. */
export async function updateSquareTag(
  deps: Deps,
  actor: AuditActor,
  id: number,
  body: UpdateSquareTagBody,
): Promise<AdminSquareTag> {
  return consoleRecord.edit(
    deps,
    actor,
    { type: 'square-tag', id },
    body,
    {
      read: (trx) => tagOf(trx, id),
      write: async (trx) => {
        if (body.name !== undefined) await assertNameFree(trx, body.name, id);
        await repo.updateTag(trx, id, {
          ...(body.name !== undefined ? { name: body.name } : {}),
          ...(body.sort !== undefined ? { sort: body.sort } : {}),
          ...consoleRecord.publishedFlag('is_active', body.published),
        });
      },
    },
    // Posts show their tag's name, and the guest feed keeps it (guest-feed-cache.ts).
    { announce: ['square'] },
  );
}
