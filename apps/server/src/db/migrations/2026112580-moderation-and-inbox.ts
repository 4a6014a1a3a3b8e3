import type { Kysely } from 'kysely';
import { withId } from './helpers.ts';

/**
 * Operations in the console (issue 20 §4, docs/decisions/0061-moderation-inbox-broadcasts.md):
 * a user's mute and ban, the customer service inbox's answers, and system messages sent to many
 * users by a background job, at most one message per user and send.
 */
export async function up(db: Kysely<any>): Promise<void> {
  // Mute: no posts or comments until then. Ban: no sessions, no login until then. Null: none.
  await db.schema.alterTable('users').addColumn('muted_until', 'bigint').execute();
  await db.schema
    .alterTable('users')
    .addColumn('mute_reason', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.alterTable('users').addColumn('banned_until', 'bigint').execute();
  await db.schema
    .alterTable('users')
    .addColumn('ban_reason', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .execute();

  // The inbox lists unanswered notes first, newest first within each.
  await db.schema
    .alterTable('kefu_messages')
    .addColumn('is_answered', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('kefu_messages').addColumn('answered_at', 'bigint').execute();
  await db.schema
    .createIndex('kefu_messages_inbox')
    .on('kefu_messages')
    .columns(['is_answered', 'created_at'])
    .execute();
  await db.schema.createIndex('kefu_messages_user').on('kefu_messages').columns(['user_id', 'id']).execute();

  await withId(db, db.schema.createTable('kefu_replies'))
    .addColumn('kefu_message_id', 'bigint', (c) => c.notNull())
    .addColumn('operator_id', 'bigint', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    // The system message that carried it to the user; null for a guest's note (no inbox to reach).
    .addColumn('message_id', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('kefu_replies_note')
    .on('kefu_replies')
    .columns(['kefu_message_id', 'id'])
    .execute();

  await withId(db, db.schema.createTable('message_broadcasts'))
    .addColumn('title', 'varchar(64)', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('audience', 'varchar(8)', (c) => c.notNull())
    .addColumn('user_id', 'bigint')
    .addColumn('channel_id', 'varchar(32)')
    .addColumn('status', 'varchar(8)', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('sent', 'integer', (c) => c.notNull().defaultTo(0))
    // The job goes through users by id: the last one done, and the last one that existed at the send.
    .addColumn('last_user_id', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('max_user_id', 'bigint', (c) => c.notNull())
    .addColumn('operator_id', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('finished_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('message_broadcasts_status')
    .on('message_broadcasts')
    .columns(['status', 'id'])
    .execute();

  // A send reaches each user once, however often a batch is repeated (NULLs stay distinct).
  await db.schema.alterTable('messages').addColumn('broadcast_id', 'bigint').execute();
  await db.schema
    .createIndex('messages_broadcast_user')
    .unique()
    .on('messages')
    .columns(['broadcast_id', 'user_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('messages_broadcast_user').execute();
  await db.schema.alterTable('messages').dropColumn('broadcast_id').execute();
  await db.schema.dropTable('message_broadcasts').execute();
  await db.schema.dropTable('kefu_replies').execute();
  await db.schema.dropIndex('kefu_messages_user').execute();
  await db.schema.dropIndex('kefu_messages_inbox').execute();
  await db.schema.alterTable('kefu_messages').dropColumn('answered_at').execute();
  await db.schema.alterTable('kefu_messages').dropColumn('is_answered').execute();
  for (const column of ['ban_reason', 'banned_until', 'mute_reason', 'muted_until'])
    await db.schema.alterTable('users').dropColumn(column).execute();
}
