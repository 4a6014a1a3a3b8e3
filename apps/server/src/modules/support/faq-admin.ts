import type { AdminFaq, AdminFaqListQuery, CreateFaqBody, UpdateFaqBody } from '@ld/contract/admin/faqs';
import type { AdminPage } from '@ld/contract/admin/list';
import type { Selectable } from 'kysely';
import type { Conn } from '../../db/database.ts';
import type { Deps } from '../../platform/deps.ts';
import { notFound } from '../../platform/errors.ts';
import { cleanServerHtml } from '../../platform/server-html.ts';
import { type AuditActor, adminOffset, audited } from '../operators/public.ts';
import * as repo from './faq-admin-repository.ts';
import type { FaqsTable } from './tables.ts';

// 常见问题 in the console. GET /api/v1/faq reads the published entries at each request (no cache),
// cleaning each answer as served, so a save shows at the next one in every process; `faq` is
// announced for any process that keeps them later.

const announce = { announce: ['faq' as const] };

const toAdminFaq = (row: Selectable<FaqsTable>): AdminFaq => ({
  id: Number(row.id),
  question: row.question,
  answer: row.answer,
  cleanAnswer: cleanServerHtml(row.answer),
  sort: row.sort,
  published: row.is_active === 1,
});

async function faqOf(db: Conn, id: number): Promise<AdminFaq> {
  const row = await repo.findFaq(db, id);
  if (!row) throw notFound('常见问题');
  return toAdminFaq(row);
}

export async function listFaqEntries(deps: Deps, q: AdminFaqListQuery): Promise<AdminPage<AdminFaq>> {
  const { rows, total } = await repo.listAllFaqs(
    deps.db.kysely,
    { question: q.question, published: q.published === undefined ? undefined : q.published === 'true' },
    q.sort,
    q.order,
    q.pageSize,
    adminOffset(q),
  );
  return { records: rows.map(toAdminFaq), total, current: q.currentPage, size: q.pageSize };
}

export const getFaq = (deps: Deps, id: number) => faqOf(deps.db.kysely, id);

export async function createFaq(deps: Deps, actor: AuditActor, body: CreateFaqBody): Promise<AdminFaq> {
  return audited(
    deps,
    actor,
    async (trx) => {
      const id = await repo.insertFaq(trx, {
        question: body.question,
        answer: body.answer,
        sort: body.sort,
        is_active: body.published ? 1 : 0,
      });
      const after = await faqOf(trx, id);
      return {
        result: after,
        audit: { action: 'faq.create', targetType: 'faq', targetId: id, before: null, after },
      };
    },
    announce,
  );
}

export async function updateFaq(
  deps: Deps,
  actor: AuditActor,
  id: number,
  body: UpdateFaqBody,
): Promise<AdminFaq> {
  return audited(
    deps,
    actor,
    async (trx) => {
      const before = await faqOf(trx, id);
      await repo.updateFaq(trx, id, {
        ...(body.question !== undefined ? { question: body.question } : {}),
        ...(body.answer !== undefined ? { answer: body.answer } : {}),
        ...(body.sort !== undefined ? { sort: body.sort } : {}),
        ...(body.published !== undefined ? { is_active: body.published ? 1 : 0 } : {}),
      });
      const after = await faqOf(trx, id);
      const onlyPublishing =
        Object.keys(body).every((k) => k === 'published') && before.published !== after.published;
      const action = onlyPublishing ? (after.published ? 'faq.publish' : 'faq.unpublish') : 'faq.update';
      return { result: after, audit: { action, targetType: 'faq', targetId: id, before, after } };
    },
    announce,
  );
}

export async function deleteFaq(deps: Deps, actor: AuditActor, id: number): Promise<void> {
  await audited(
    deps,
    actor,
    async (trx) => {
      const before = await faqOf(trx, id);
      await repo.deleteFaq(trx, id);
      return {
        result: undefined,
        audit: { action: 'faq.delete', targetType: 'faq', targetId: id, before, after: null },
      };
    },
    announce,
  );
}
