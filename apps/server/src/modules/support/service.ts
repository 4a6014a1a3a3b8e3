import type { Faq, KefuBody } from '@ld/contract/messages';
import type { Deps } from '../../platform/deps.ts';
import { cleanServerHtml } from '../../platform/server-html.ts';
import * as repo from './repository.ts';

/** The FAQ, its answers' HTML cleaned as served (like bulletins). */
export async function listFaqs(deps: Deps): Promise<Faq[]> {
  const rows = await repo.listFaqs(deps.db.kysely);
  return rows.map((row) => ({ ...row, answer: cleanServerHtml(row.answer) }));
}

/** Keeps a note for customer service or business cooperation; a logged-in sender is remembered. */
export async function leaveKefuMessage(
  deps: Deps,
  userId: number | null,
  body: KefuBody,
): Promise<{ id: number }> {
  const id = await repo.insertKefuMessage(deps.db.kysely, {
    user_id: userId,
    kind: body.kind,
    content: body.content,
    contact: body.contact,
    created_at: deps.clock.now(),
  });
  return { id };
}
