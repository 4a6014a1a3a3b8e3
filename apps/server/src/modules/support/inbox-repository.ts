import type { Insertable } from 'kysely';
import type { Conn } from '../../db/database.ts';
import { containsText } from '../../db/text-search.ts';
import type { KefuRepliesTable } from './tables.ts';

export interface InboxFilter {
  kind?: 'kefu' | 'business' | undefined;
  answered?: boolean | undefined;
  keyword?: string | undefined;
}

const NOTE_COLUMNS = [
  'k.id',
  'k.user_id',
  'k.kind',
  'k.content',
  'k.contact',
  'k.created_at',
  'k.is_answered',
  'k.answered_at',
] as const;

function filtered(db: Conn, f: InboxFilter) {
  return db
    .selectFrom('kefu_messages as k')
    .$if(f.kind !== undefined, (q) => q.where('k.kind', '=', f.kind!))
    .$if(f.answered !== undefined, (q) => q.where('k.is_answered', '=', f.answered ? 1 : 0))
    .$if(f.keyword !== undefined, (q) =>
      q.where((eb) => eb.or([containsText('k.content', f.keyword!), containsText('k.contact', f.keyword!)])),
    );
}

/** `inbox`: unanswered first, newest first within each; `createTime`: by time alone. */
export async function listNotes(
  db: Conn,
  f: InboxFilter,
  sort: 'inbox' | 'createTime',
  order: 'asc' | 'desc',
  limit: number,
  offset: number,
) {
  const [rows, count] = await Promise.all([
    filtered(db, f)
      .select(NOTE_COLUMNS)
      .select((eb) =>
        eb
          .selectFrom('kefu_replies as r')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('r.kefu_message_id', '=', 'k.id')
          .as('reply_count'),
      )
      .$if(sort === 'inbox', (q) => q.orderBy('k.is_answered', 'asc'))
      .orderBy('k.created_at', order)
      .orderBy('k.id', order)
      .limit(limit)
      .offset(offset)
      .execute(),
    filtered(db, f)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export type NoteRow = Awaited<ReturnType<typeof listNotes>>['rows'][number];

export const findNote = (db: Conn, id: number) =>
  db
    .selectFrom('kefu_messages as k')
    .select(NOTE_COLUMNS)
    .select((eb) =>
      eb
        .selectFrom('kefu_replies as r')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('r.kefu_message_id', '=', 'k.id')
        .as('reply_count'),
    )
    .where('k.id', '=', id)
    .executeTakeFirst();

/** The sender's other notes, newest first. */
export const listNotesOfUser = (db: Conn, userId: number, exceptId: number, limit: number) =>
  db
    .selectFrom('kefu_messages as k')
    .select(NOTE_COLUMNS)
    .select((eb) =>
      eb
        .selectFrom('kefu_replies as r')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('r.kefu_message_id', '=', 'k.id')
        .as('reply_count'),
    )
    .where('k.user_id', '=', userId)
    .where('k.id', '!=', exceptId)
    .orderBy('k.id', 'desc')
    .limit(limit)
    .execute();

export const listReplies = (db: Conn, noteId: number) =>
  db
    .selectFrom('kefu_replies')
    .select(['id', 'operator_id', 'content', 'message_id', 'created_at'])
    .where('kefu_message_id', '=', noteId)
    .orderBy('id')
    .execute();

export async function insertReply(db: Conn, row: Insertable<KefuRepliesTable>): Promise<number> {
  const { id } = await db.insertInto('kefu_replies').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(id);
}

export async function markAnswered(db: Conn, id: number, now: number): Promise<void> {
  await db
    .updateTable('kefu_messages')
    .set({ is_answered: 1, answered_at: now })
    .where('id', '=', id)
    .execute();
}
