import {
  adminEpisodeParams,
  adminEpisodeSchema,
  episodeTitle,
  MAX_EPISODE_PAGES,
  reorderPagesBody,
} from '@ld/contract/admin/comics';
import { idParams } from '@ld/contract/admin/list';
import { MAX_IMAGE_BYTES } from '@ld/contract/defaults';
import { envelopeOf } from '@ld/contract/envelope';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../platform/deps.ts';
import { ok } from '../../platform/envelope.ts';
import { AppError, badInput } from '../../platform/errors.ts';
import { adminWorkOf, registerWorkAdminRoutes } from '../content/public.ts';
import { auditActor } from '../operators/public.ts';
import { byFileName, encodePage } from './admin-pages.ts';
import * as episodes from './admin-service.ts';
import { coverWebp } from './panel-art.ts';

const tags = ['admin: comics'];
const config = { adminArea: 'content' } as const;
const episodeAnswer = { 200: envelopeOf(adminEpisodeSchema) };

/**
 * 漫画 in the console (docs/decisions/0059-novels-and-comics-console.md): the works routes every
 * kind shares, episodes from uploaded page images, and their page order. Registered in modules/admin.ts.
 */
export const comicAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  registerWorkAdminRoutes(app, 'comic', {
    path: '/comics',
    name: '漫画',
    unitName: '话',
    defaultCover: (seed, title) => coverWebp(seed, title),
    unitSizes: (d, rows) =>
      episodes.pageCounts(
        d,
        rows.map((r) => Number(r.id)),
      ),
    unitFiles: episodes.pageKeys,
  });

  app.post(
    '/comics/:id/episodes',
    {
      config,
      schema: {
        tags,
        summary: `新增一话（multipart：字段 title，可空，默认“第N话”；字段 pages 为页面图片，最多 ${MAX_EPISODE_PAGES} 张，每张不超过 ${MAX_IMAGE_BYTES / 1024 / 1024}MB；按文件名排序，重新编码为漫画页）`,
        params: idParams,
        response: episodeAnswer,
      },
    },
    async (request) => {
      const workId = request.params.id;
      await adminWorkOf(deps.db.kysely, 'comic', workId);
      const { title, pages } = await storeEpisodePages(request, deps, workId);
      try {
        return ok(
          await episodes.addEpisode(
            deps,
            auditActor(request),
            workId,
            title,
            pages.map((p) => p.stored),
          ),
        );
      } catch (error) {
        await removePages(
          deps,
          pages.map((p) => p.stored.key),
        );
        throw error;
      }
    },
  );

  app.get(
    '/comics/:id/episodes/:eid',
    {
      config,
      schema: { tags, summary: '一话的页面（按顺序）', params: adminEpisodeParams, response: episodeAnswer },
    },
    async (request) => ok(await episodes.getEpisode(deps, request.params.id, request.params.eid)),
  );

  app.put(
    '/comics/:id/episodes/:eid/pages',
    {
      config,
      schema: {
        tags,
        summary: '调整页面顺序：order 为现有页码的新顺序（每页一次）',
        params: adminEpisodeParams,
        body: reorderPagesBody,
        response: episodeAnswer,
      },
    },
    async (request) =>
      ok(
        await episodes.reorderPages(
          deps,
          auditActor(request),
          request.params.id,
          request.params.eid,
          request.body.order,
        ),
      ),
  );
};

async function removePages(deps: Deps, keys: string[]): Promise<void> {
  await Promise.all(keys.map((key) => deps.storage.remove(key).catch(() => undefined)));
}

/**
 * Reads the upload one part at a time: each page is re-encoded and stored as it arrives (one page
 * in memory at a time), then the pages are put in file-name order. Any refusal removes what was
 * stored and changes nothing.
 */
async function storeEpisodePages(
  request: FastifyRequest,
  deps: Deps,
  workId: number,
): Promise<{ title: string; pages: Array<{ name: string; stored: episodes.StoredPage }> }> {
  if (!request.isMultipart()) throw badInput('pages', '请以 multipart/form-data 上传页面图片');
  let title = '';
  const pages: Array<{ name: string; stored: episodes.StoredPage }> = [];
  try {
    const parts = request.parts({
      limits: { files: MAX_EPISODE_PAGES, fileSize: MAX_IMAGE_BYTES, fields: 5 },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.fieldname === 'title') {
          const parsed = episodeTitle.safeParse(String(part.value));
          if (!parsed.success) throw badInput('title', parsed.error.issues[0].message);
          title = parsed.data;
        }
        continue;
      }
      if (part.fieldname !== 'pages') throw badInput('pages', '页面图片须放在字段 pages 中');
      const what = `第 ${pages.length + 1} 张（${part.filename}）`;
      let bytes: Buffer;
      try {
        bytes = await part.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw badInput('pages', `${what}超过 ${MAX_IMAGE_BYTES / 1024 / 1024}MB`);
        }
        throw error;
      }
      const page = await encodePage(bytes, what);
      const url = await deps.storage.save(`comics/admin/${workId}`, page.ext, page.bytes);
      pages.push({
        name: part.filename,
        stored: { key: url.slice('/uploads/'.length), width: page.width, height: page.height },
      });
    }
  } catch (error) {
    await removePages(
      deps,
      pages.map((p) => p.stored.key),
    );
    if (error instanceof AppError) throw error;
    if ((error as { code?: string }).code === 'FST_FILES_LIMIT') {
      throw badInput('pages', `一话最多 ${MAX_EPISODE_PAGES} 张图片`);
    }
    throw badInput('body', 'multipart/form-data 请求体不完整或格式不正确');
  }
  if (pages.length === 0) throw badInput('pages', '请选择至少一张页面图片');
  pages.sort((a, b) => byFileName(a.name, b.name));
  return { title, pages };
}
