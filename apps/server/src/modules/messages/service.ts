import type { Message, MessageListBody, MessagePage } from '@ld/contract/messages';
import type { Conn } from '../../db/database.ts';
import { toIso } from '../../platform/clock.ts';
import type { Deps } from '../../platform/deps.ts';
import { notFound } from '../../platform/errors.ts';
import { cursorPage, windowOf } from '../../platform/paging.ts';
import * as repo from './repository.ts';

export interface NewMessage {
  title: string;
  content: string;
}

/** Puts system messages in a user's inbox; other domains call this (welcome, rewards, orders). */
export async function sendSystemMessages(
  db: Conn,
  userId: number,
  messages: NewMessage[],
  now: number,
): Promise<void> {
  await repo.insertMessages(
    db,
    messages.map((m) => ({ user_id: userId, title: m.title, content: m.content, created_at: now })),
  );
}

/** One system message; answers its id (a customer service reply keeps it in its thread). */
export async function sendSystemMessage(
  db: Conn,
  userId: number,
  message: NewMessage,
  now: number,
): Promise<number> {
  return repo.insertMessage(db, {
    user_id: userId,
    title: message.title,
    content: message.content,
    created_at: now,
  });
}

export async function listMessagesOf(deps: Deps, userId: number, q: MessageListBody): Promise<MessagePage> {
  const db = deps.db.kysely;
  const [rows, total, unread] = await Promise.all([
    repo.listMessages(db, userId, windowOf(q, 'messages')),
    repo.countMessages(db, userId),
    repo.countMessages(db, userId, true),
  ]);
  const toMessage = (r: (typeof rows)[number]): Message => ({
    id: r.id,
    title: r.title,
    content: r.content,
    isRead: r.is_read === 1,
    createTime: toIso(r.created_at),
  });
  const page = cursorPage(
    rows,
    total,
    q,
    'messages',
    (r) => ({ value: r.id, id: r.id }),
    (kept) => kept.map(toMessage),
  );
  return { ...page, unread };
}

/** Marks one message (the caller's own only) or all of them read; answers what is still unread. */
export async function markRead(
  deps: Deps,
  userId: number,
  id: number | undefined,
): Promise<{ unread: number }> {
  const db = deps.db.kysely;
  if (id === undefined) {
    await repo.markAllRead(db, userId);
  } else if (!(await repo.markOneRead(db, userId, id))) {
    throw notFound('消息');
  }
  return { unread: await repo.countMessages(db, userId, true) };
}
