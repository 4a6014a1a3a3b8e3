import type { KefuListQuery, KefuNote, KefuReply, KefuReplyBody, KefuThread } from '@ld/contract/admin/inbox';
import type { AdminPage } from '@ld/contract/admin/list';
import { maskPhone } from '@ld/contract/validation';
import type { Conn } from '../../db/database.ts';
import { toIso, toIsoOrNull } from '../../platform/clock.ts';
import type { Deps } from '../../platform/deps.ts';
import { notFound } from '../../platform/errors.ts';
import { listAccountCards } from '../accounts/public.ts';
import { sendSystemMessage } from '../messages/public.ts';
import { type AuditActor, adminOffset, audited, operatorNamesOf } from '../operators/public.ts';
import { balanceOf, recentOrdersOf } from '../wallet/public.ts';
import * as repo from './inbox-repository.ts';

// 客服收件箱 (issue 20 §4, docs/decisions/0061-…): the notes users leave through 联系客服 and
// 合作共赢 (`/user/kefu`), unanswered first, with the sender, their channel and recent orders. A
// reply is kept in the note's thread and reaches a signed-in sender as a system message that
// quotes what they wrote, so both sides read the same conversation.

const RECENT_ORDERS = 5;
const EARLIER_NOTES = 10;

type Card = Awaited<ReturnType<typeof listAccountCards>>[number];

async function toNotes(db: Conn, rows: repo.NoteRow[]): Promise<KefuNote[]> {
  const cards = new Map<number, Card>(
    (
      await listAccountCards(db, [
        ...new Set(rows.flatMap((r) => (r.user_id === null ? [] : [Number(r.user_id)]))),
      ])
    ).map((c) => [Number(c.id), c]),
  );
  return rows.map((r) => {
    const card = r.user_id === null ? undefined : cards.get(Number(r.user_id));
    return {
      id: Number(r.id),
      kind: r.kind === 'business' ? 'business' : 'kefu',
      content: r.content,
      contact: r.contact,
      userId: r.user_id === null ? null : Number(r.user_id),
      userName: card ? card.name : null,
      channelId: card ? card.channel_id : null,
      answered: r.is_answered === 1,
      replyCount: Number(r.reply_count ?? 0),
      createTime: toIso(Number(r.created_at)),
      answerTime: toIsoOrNull(r.answered_at === null ? null : Number(r.answered_at)),
    };
  });
}

export async function listNotes(deps: Deps, q: KefuListQuery): Promise<AdminPage<KefuNote>> {
  const db = deps.db.kysely;
  const { rows, total } = await repo.listNotes(
    db,
    {
      kind: q.kind,
      answered: q.answered === undefined ? undefined : q.answered === 'true',
      keyword: q.keyword,
    },
    q.sort,
    q.order,
    q.pageSize,
    adminOffset(q),
  );
  return { records: await toNotes(db, rows), total, current: q.currentPage, size: q.pageSize };
}

async function noteOf(db: Conn, id: number): Promise<KefuNote> {
  const row = await repo.findNote(db, id);
  if (!row) throw notFound('留言');
  return (await toNotes(db, [row]))[0]!;
}

export async function getThread(deps: Deps, id: number): Promise<KefuThread> {
  const db = deps.db.kysely;
  const note = await noteOf(db, id);
  const replyRows = await repo.listReplies(db, id);
  const names = await operatorNamesOf(
    db,
    replyRows.map((r) => Number(r.operator_id)),
  );
  const replies: KefuReply[] = replyRows.map((r) => ({
    id: Number(r.id),
    operatorName: names.get(Number(r.operator_id)) ?? null,
    content: r.content,
    delivered: r.message_id !== null,
    createTime: toIso(Number(r.created_at)),
  }));
  if (note.userId === null) return { note, replies, earlier: [], user: null, orders: [] };
  const [cards, coinNum, orders, earlier] = await Promise.all([
    listAccountCards(db, [note.userId]),
    balanceOf(db, note.userId),
    recentOrdersOf(db, note.userId, RECENT_ORDERS),
    repo.listNotesOfUser(db, note.userId, id, EARLIER_NOTES),
  ]);
  const card = cards[0];
  return {
    note,
    replies,
    earlier: await toNotes(db, earlier),
    user: card
      ? {
          id: Number(card.id),
          loginName: card.login_name,
          name: card.name,
          phone: card.phone ? maskPhone(card.phone) : null,
          channelId: card.channel_id,
          createTime: toIso(Number(card.created_at)),
          coinNum,
        }
      : null,
    orders: orders.map((o) => ({
      orderNo: o.order_no,
      amount: o.amount,
      diamonds: o.diamonds,
      status: o.status,
      provider: o.provider,
      createTime: toIso(Number(o.created_at)),
    })),
  };
}

const excerpt = (text: string, max: number) => {
  const chars = [...text];
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : text;
};

/** The system message that carries a reply: what the user wrote, then the answer. */
function replyMessage(note: KefuNote, reply: string) {
  const isBusiness = note.kind === 'business';
  return {
    title: isBusiness ? '商务合作回复' : '客服回复',
    content: `您的留言：「${excerpt(note.content, 120)}」\n${isBusiness ? '商务' : '客服'}回复：${reply}`,
  };
}

/** Answers a note: kept in its thread, delivered to a signed-in sender's 系统消息, the note marked answered. */
export function replyToNote(
  deps: Deps,
  actor: AuditActor,
  id: number,
  body: KefuReplyBody,
): Promise<KefuThread> {
  const now = deps.clock.now();
  return audited(deps, actor, async (trx) => {
    const before = await noteOf(trx, id);
    const messageId =
      before.userId === null
        ? null
        : await sendSystemMessage(trx, before.userId, replyMessage(before, body.content), now);
    const replyId = await repo.insertReply(trx, {
      kefu_message_id: id,
      operator_id: actor.operatorId ?? 0,
      content: body.content,
      message_id: messageId,
      created_at: now,
    });
    await repo.markAnswered(trx, id, now);
    const after = await noteOf(trx, id);
    return {
      result: undefined,
      audit: {
        action: 'kefu.reply',
        targetType: 'kefu',
        targetId: id,
        before,
        after: { ...after, reply: { id: replyId, content: body.content, delivered: messageId !== null } },
      },
    };
  }).then(() => getThread(deps, id));
}
