import type {
  AdminBulletin,
  AdminBulletinListQuery,
  CreateBulletinBody,
  UpdateBulletinBody,
} from '@ld/contract/admin/bulletins';
import type { AdminPage } from '@ld/contract/admin/list';
import type { Bulletin } from '@ld/contract/messages';
import type { Selectable } from 'kysely';
import type { Conn } from '../../db/database.ts';
import { toIso } from '../../platform/clock.ts';
import type { Deps } from '../../platform/deps.ts';
import { notFound } from '../../platform/errors.ts';
import { cleanServerHtml } from '../../platform/server-html.ts';
import { type AuditActor, adminOffset, audited, consoleRecord } from '../operators/public.ts';
import * as repo from './repository.ts';
import type { BulletinsTable } from './tables.ts';

/**
 * The newest active bulletin of the position, or null when there is none to show. Its HTML is
 * cleaned here, as it is served, so rows written by any path (seed, console, SQL) are safe.
 */
export async function currentBulletin(deps: Deps, posType: number): Promise<Bulletin | null> {
  const row = await repo.findNewestActive(deps.db.kysely, posType);
  return row
    ? {
        id: row.id,
        title: row.title,
        createTime: toIso(row.created_at),
        content: cleanServerHtml(row.content),
      }
    : null;
}

// The console's calls (公告). Each write is audited in its own transaction and announces
// `bulletins` once committed, so every process's copy of the start-up bulletin is dropped.

function toAdminBulletin(row: Selectable<BulletinsTable>): AdminBulletin {
  return {
    id: Number(row.id),
    posType: row.pos_type,
    title: row.title,
    content: row.content,
    cleanContent: cleanServerHtml(row.content),
    published: row.is_active === 1,
    createTime: toIso(Number(row.created_at)),
    updateTime: toIso(Number(row.updated_at)),
  };
}

async function bulletinOf(db: Conn, id: number): Promise<AdminBulletin> {
  const row = await repo.findBulletinById(db, id);
  if (!row) throw notFound('公告');
  return toAdminBulletin(row);
}

const SORT_COLUMNS = { id: 'id', createTime: 'created_at', title: 'title' } as const;

export async function listBulletins(
  deps: Deps,
  q: AdminBulletinListQuery,
): Promise<AdminPage<AdminBulletin>> {
  const { rows, total } = await repo.listBulletins(
    deps.db.kysely,
    {
      title: q.title,
      posType: q.posType,
      published: consoleRecord.publishedFilter(q.published),
    },
    SORT_COLUMNS[q.sort],
    q.order,
    q.pageSize,
    adminOffset(q),
  );
  return consoleRecord.page(rows.map(toAdminBulletin), total, q);
}

export const getBulletin = (deps: Deps, id: number): Promise<AdminBulletin> => bulletinOf(deps.db.kysely, id);

const announce = { announce: ['bulletins' as const] };

export async function createBulletin(
  deps: Deps,
  actor: AuditActor,
  body: CreateBulletinBody,
): Promise<AdminBulletin> {
  const now = deps.clock.now();
  return audited(
    deps,
    actor,
    async (trx) => {
      const id = await repo.insertBulletin(trx, {
        pos_type: body.posType,
        title: body.title,
        content: body.content,
        is_active: body.published ? 1 : 0,
        created_at: now,
        updated_at: now,
      });
      const after = await bulletinOf(trx, id);
      return {
        result: after,
        audit: { action: 'bulletin.create', targetType: 'bulletin', targetId: id, before: null, after },
      };
    },
    announce,
  );
}

/** Edits any of title, content, position and published; publishing is `{ published: true }`. */
export async function updateBulletin(
  deps: Deps,
  actor: AuditActor,
  id: number,
  body: UpdateBulletinBody,
): Promise<AdminBulletin> {
  return consoleRecord.edit(
    deps,
    actor,
    { type: 'bulletin', id },
    body,
    {
      read: (trx) => bulletinOf(trx, id),
      write: async (trx) => {
        await repo.updateBulletin(trx, id, {
          ...(body.title !== undefined ? { title: body.title } : {}),
          ...(body.content !== undefined ? { content: body.content } : {}),
          ...(body.posType !== undefined ? { pos_type: body.posType } : {}),
          ...consoleRecord.publishedFlag('is_active', body.published),
          updated_at: deps.clock.now(),
        });
      },
    },
    announce,
  );
}

export async function deleteBulletin(deps: Deps, actor: AuditActor, id: number): Promise<void> {
  await consoleRecord.remove(
    deps,
    actor,
    { type: 'bulletin', id },
    { read: (trx) => bulletinOf(trx, id), remove: (trx) => repo.deleteBulletin(trx, id) },
    announce,
  );
}
