// The multipart request methods' types (registered in app.ts; this module is also reached from seeds).
import type {} from '@fastify/multipart';
import { idParams } from '@ld/contract/admin/list';
import {
  adminUnitListQuery,
  adminUnitPageSchema,
  adminUnitSchema,
  adminWorkListQuery,
  adminWorkPageSchema,
  adminWorkSchema,
  createWorkBody,
  deleteUnitAnswer,
  pricingAnswer,
  pricingBody,
  unitParams,
  updateUnitBody,
  updateWorkBody,
  workCategorySchema,
} from '@ld/contract/admin/works';
import type { WorkKind } from '@ld/contract/content';
import { envelopeOf } from '@ld/contract/envelope';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Conn } from '../../db/database.ts';
import type { Deps } from '../../platform/deps.ts';
import { ok } from '../../platform/envelope.ts';
import { reencodeImage } from '../../platform/images.ts';
import { loadSharp } from '../../platform/sharp.ts';
import { keyOfUrl } from '../../platform/storage.ts';
import { readUploadedImage } from '../../platform/upload.ts';
import { auditActor } from '../operators/public.ts';
import * as works from './admin-service.ts';
import { listCategories } from './catalogue-service.ts';
import type { UnitRow } from './repository.ts';

/** Where uploaded covers are kept (a replaced one is removed; the demo covers live elsewhere). */
const COVERS_FOLDER = 'covers';

/** A cover as the portal keeps them (the demo covers): 300 × 400 WebP. */
async function coverOf(bytes: Buffer): Promise<Buffer> {
  const checked = await reencodeImage(bytes, 'file', 1600);
  const sharp = await loadSharp();
  return sharp(checked).resize(300, 400, { fit: 'cover' }).webp({ quality: 78 }).toBuffer();
}

export interface WorkAdminPaths {
  /** `/novels`, `/comics`. */
  path: string;
  /** 小说, 漫画: in summaries. */
  name: string;
  /** 章节, 话. */
  unitName: string;
  /** The cover a new work gets until one is uploaded (drawn like the demo covers). */
  defaultCover(seed: number, title: string): Promise<Buffer>;
  /** Each unit's size for the console (characters, pages), in order. */
  unitSizes(deps: Deps, rows: UnitRow[]): Promise<number[]>;
  /** The storage keys of a unit's own files (a comic's pages), removed after it is deleted. */
  unitFiles?(db: Conn, unitId: number): Promise<string[]>;
}

/**
 * The console's routes every kind of work shares (docs/decisions/0059-novels-and-comics-console.md):
 * list, categories, read, create, edit/publish, cover, units and their pricing. A kind's module
 * registers them from its `admin-routes.ts` and adds its own unit routes (TXT import, episodes).
 */
export function registerWorkAdminRoutes(
  fastify: FastifyInstance,
  kind: WorkKind,
  paths: WorkAdminPaths,
): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const tags = [`admin: ${paths.path.slice(1)}`];
  const config = { adminArea: 'content' } as const;
  const workAnswer = { 200: envelopeOf(adminWorkSchema) };
  const { name } = paths;

  app.get(
    paths.path,
    {
      config,
      schema: {
        tags,
        summary: `${name}列表（含草稿；分页；按 id、createTime、title、unitCount 排序；按标题、分类、发布状态筛选）`,
        querystring: adminWorkListQuery,
        response: { 200: envelopeOf(adminWorkPageSchema) },
      },
    },
    async (request) => ok(await works.listAdminWorks(deps, kind, request.query)),
  );

  app.get(
    `${paths.path}/categories`,
    {
      config,
      schema: { tags, summary: `${name}分类`, response: { 200: envelopeOf(z.array(workCategorySchema)) } },
    },
    async () => ok(await listCategories(deps, kind)),
  );

  app.get(
    `${paths.path}/:id`,
    { config, schema: { tags, summary: `一部${name}（含草稿）`, params: idParams, response: workAnswer } },
    async (request) => ok(await works.adminWorkOf(deps.db.kysely, kind, request.params.id)),
  );

  app.post(
    paths.path,
    {
      config,
      schema: {
        tags,
        summary: `新建${name}（JSON；草稿，先生成默认封面，有${paths.unitName}后才能发布）`,
        body: createWorkBody,
        response: workAnswer,
      },
    },
    async (request) => {
      const seed = 1000 + Math.floor(Math.random() * 1_000_000);
      const url = await deps.storage.save(
        COVERS_FOLDER,
        'webp',
        await paths.defaultCover(seed, request.body.title),
      );
      try {
        return ok(await works.createWork(deps, auditActor(request), kind, request.body, url));
      } catch (error) {
        await removeStored(deps, url);
        throw error;
      }
    },
  );

  app.patch(
    `${paths.path}/:id`,
    {
      config,
      schema: {
        tags,
        summary: `修改${name}；{ published: true|false } 即发布/下线`,
        params: idParams,
        body: updateWorkBody,
        response: workAnswer,
      },
    },
    async (request) =>
      ok(await works.updateWork(deps, auditActor(request), kind, request.params.id, request.body)),
  );

  app.post(
    `${paths.path}/:id/cover`,
    {
      config,
      schema: {
        tags,
        summary: `上传${name}封面（multipart 字段 file；JPG/PNG/WebP/GIF，按内容识别，重新编码为 300×400 WebP）`,
        params: idParams,
        response: workAnswer,
      },
    },
    async (request) => {
      await works.adminWorkOf(deps.db.kysely, kind, request.params.id);
      const url = await deps.storage.save(
        COVERS_FOLDER,
        'webp',
        await coverOf(await readUploadedImage(request)),
      );
      let done: Awaited<ReturnType<typeof works.setWorkCover>>;
      try {
        done = await works.setWorkCover(deps, auditActor(request), kind, request.params.id, url);
      } catch (error) {
        await removeStored(deps, url);
        throw error;
      }
      if (done.previous.startsWith(`/uploads/${COVERS_FOLDER}/`)) await removeStored(deps, done.previous);
      return ok(done.work);
    },
  );

  app.get(
    `${paths.path}/:id/units`,
    {
      config,
      schema: {
        tags,
        summary: `${name}的${paths.unitName}（按顺序分页，含价格与 VIP）`,
        params: idParams,
        querystring: adminUnitListQuery,
        response: { 200: envelopeOf(adminUnitPageSchema) },
      },
    },
    async (request) =>
      ok(
        await works.listAdminUnits(deps, kind, request.params.id, request.query, (rows) =>
          paths.unitSizes(deps, rows),
        ),
      ),
  );

  app.post(
    `${paths.path}/:id/pricing`,
    {
      config,
      schema: {
        tags,
        summary: `定价：第 from–to ${paths.unitName}（默认全部）中前 freeFirst 个免费，其余每个 price 蓝钻；vip 为会员免费`,
        params: idParams,
        body: pricingBody,
        response: { 200: envelopeOf(pricingAnswer) },
      },
    },
    async (request) =>
      ok(await works.priceUnits(deps, auditActor(request), kind, request.params.id, request.body)),
  );

  app.patch(
    `${paths.path}/:id/units/:unitId`,
    {
      config,
      schema: {
        tags,
        summary: `改${paths.unitName}标题（title，最多 64 字）或移到第 index 个（其后/其前的依次挪一位；id 不变，已购、阅读进度、评论仍在这一${paths.unitName}）`,
        params: unitParams,
        body: updateUnitBody,
        response: { 200: envelopeOf(adminUnitSchema) },
      },
    },
    async (request) => {
      const row = await works.updateUnit(
        deps,
        auditActor(request),
        kind,
        request.params.id,
        request.params.unitId,
        request.body,
      );
      const [size] = await paths.unitSizes(deps, [row]);
      return ok(works.toAdminUnit(row, size));
    },
  );

  app.delete(
    `${paths.path}/:id/units/:unitId`,
    {
      config,
      schema: {
        tags,
        summary: `删除${paths.unitName}（有用户购买过的不能删，400）；其后的序号依次减一，删完最后一个${paths.unitName}的${name}自动下线`,
        params: unitParams,
        response: { 200: envelopeOf(deleteUnitAnswer) },
      },
    },
    async (request) => {
      const done = await works.deleteUnit(
        deps,
        auditActor(request),
        kind,
        request.params.id,
        request.params.unitId,
        paths.unitFiles ?? (async () => []),
      );
      for (const key of done.files) await deps.storage.remove(key).catch(() => undefined);
      return ok(done.answer);
    },
  );
}

/** Removes a stored file by its URL (a cover whose write failed, a replaced one). */
async function removeStored(deps: Deps, url: string): Promise<void> {
  const key = keyOfUrl(url);
  if (key) await deps.storage.remove(key).catch(() => undefined);
}
