import type { AdminPage } from '@ld/contract/admin/list';
import type { Conn } from '../../db/database.ts';
import type { ChangeTopic } from '../../platform/changes.ts';
import type { Deps } from '../../platform/deps.ts';
import { type AuditActor, audited } from './audit.ts';

// `consoleRecord` (operators/public.ts): the shared shape of a console edit to a record that can be published (games, activities,
// banners, home sections, FAQ, square tags, recharge packs, VIP plans, bulletins, works), and of
// the lists that filter on `published` (docs/decisions/0060-site-settings-console.md, "One piece
// for publish and order"). Each resource keeps its own read, write and checks; what is the same
// everywhere (before/after, the audit verb, the transaction, the topics) lives here once.

/**
 * The audit verb of an edit: `publish` or `unpublish` when the body carried `published` alone and
 * it really flipped (the list's 发布/下线 button), else `update` (a form save, or a no-op).
 */
export function editVerb(
  body: object,
  before: { published: boolean },
  after: { published: boolean },
): 'publish' | 'unpublish' | 'update' {
  const onlyPublishing =
    Object.keys(body).every((k) => k === 'published') && before.published !== after.published;
  return onlyPublishing ? (after.published ? 'publish' : 'unpublish') : 'update';
}

/**
 * Changes one record in an audited transaction: `read` it, `write` (checks throw and change
 * nothing), `read` it again, and audit `<type>.<verb>` with both (`verb` may be worked out from
 * them); once committed the topics are announced so every process shows the change at its next
 * request (decision 0047).
 */
export function change<T>(
  deps: Deps,
  actor: AuditActor,
  target: { type: string; id: string | number; verb: string | ((before: T, after: T) => string) },
  change: { read: (trx: Conn) => Promise<T>; write: (trx: Conn, before: T) => Promise<unknown> },
  options: { announce?: ChangeTopic[] } = {},
): Promise<T> {
  return audited(
    deps,
    actor,
    async (trx) => {
      const before = await change.read(trx);
      await change.write(trx, before);
      const after = await change.read(trx);
      const verb = typeof target.verb === 'string' ? target.verb : target.verb(before, after);
      return {
        result: after,
        audit: {
          action: `${target.type}.${verb}`,
          targetType: target.type,
          targetId: target.id,
          before,
          after,
        },
      };
    },
    options,
  );
}

/**
 * A console edit of a record that can be published (the form's save, or the list's 发布/下线
 * button as `{ published }` alone): audited as `<type>.update`, `.publish` or `.unpublish`.
 */
export const edit = <T extends { published: boolean }>(
  deps: Deps,
  actor: AuditActor,
  target: { type: string; id: string | number },
  body: object,
  edit: { read: (trx: Conn) => Promise<T>; write: (trx: Conn, before: T) => Promise<unknown> },
  options: { announce?: ChangeTopic[] } = {},
): Promise<T> =>
  change(
    deps,
    actor,
    { ...target, verb: (before: T, after: T) => editVerb(body, before, after) },
    edit,
    options,
  );

/** Deletes one record in an audited transaction: `read` it (the audit's before), `remove` it (checks throw first). */
export async function remove<T>(
  deps: Deps,
  actor: AuditActor,
  target: { type: string; id: string | number },
  deletion: { read: (trx: Conn) => Promise<T>; remove: (trx: Conn, before: T) => Promise<unknown> },
  options: { announce?: ChangeTopic[] } = {},
): Promise<void> {
  await audited(
    deps,
    actor,
    async (trx) => {
      const before = await deletion.read(trx);
      await deletion.remove(trx, before);
      const audit = {
        action: `${target.type}.delete`,
        targetType: target.type,
        targetId: target.id,
        before,
        after: null,
      };
      return { result: undefined, audit };
    },
    options,
  );
}

/** The column value of a body's `published` (1/0), spread into an update only when it is given. */
export const publishedFlag = <C extends string>(column: C, published: boolean | undefined) =>
  (published === undefined ? {} : { [column]: published ? 1 : 0 }) as Partial<Record<C, 0 | 1>>;

/** A list query's `published` filter ('true' / 'false' / absent) as the repository takes it. */
export const publishedFilter = (published: 'true' | 'false' | undefined): boolean | undefined =>
  published === undefined ? undefined : published === 'true';

/** An admin table's page of `records` for the query that asked for it. */
export const page = <T>(
  records: T[],
  total: number,
  q: { currentPage: number; pageSize: number },
): AdminPage<T> => ({ records, total, current: q.currentPage, size: q.pageSize });
