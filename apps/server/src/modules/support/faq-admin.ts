import type { AdminFaq, AdminFaqListQuery, CreateFaqBody, UpdateFaqBody } from '@ld/contract/admin/faqs';
import type { AdminPage } from '@ld/contract/admin/list';
import type { Selectable } from 'kysely';
import type { Conn } from '../../db/database.ts';
import type { Deps } from '../../platform/deps.ts';
import { notFound } from '../../platform/errors.ts';
import { cleanServerHtml } from '../../platform/server-html.ts';
import { type AuditActor, adminOffset, audited, consoleRecord } from '../operators/public.ts';
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
    { question: q.question, published: consoleRecord.publishedFilter(q.published) },
    q.sort,
    q.order,
    q.pageSize,
    adminOffset(q),
  );
  return consoleRecord.page(rows.map(toAdminFaq), total, q);
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
  return consoleRecord.edit(
    deps,
    actor,
    { type: 'faq', id },
    body,
    {
      read: (trx) => faqOf(trx, id),
      write: async (trx) => {
        await repo.updateFaq(trx, id, {
          ...(body.question !== undefined ? { question: body.question } : {}),
          ...(body.answer !== undefined ? { answer: body.answer } : {}),
          ...(body.sort !== undefined ? { sort: body.sort } : {}),
          ...consoleRecord.publishedFlag('is_active', body.published),
        });
      },
    },
    announce,
  );
}

export async function deleteFaq(deps: Deps, actor: AuditActor, id: number): Promise<void> {
  await consoleRecord.remove(
    deps,
    actor,
    { type: 'faq', id },
    { read: (trx) => faqOf(trx, id), remove: (trx) => repo.deleteFaq(trx, id) },
    announce,
  );
}
