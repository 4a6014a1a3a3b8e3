import type {
  AdminBanner,
  AdminBannerListQuery,
  AdminHomeSection,
  CreateBannerBody,
  UpdateBannerBody,
  UpdateHomeSectionBody,
} from '@ld/contract/admin/home';
import { BANNER_MAX_SIDE } from '@ld/contract/admin/home';
import type { AdminPage } from '@ld/contract/admin/list';
import type { SearchKind } from '@ld/contract/home-values';
import type { Selectable } from 'kysely';
import type { Conn } from '../../db/database.ts';
import { toIso } from '../../platform/clock.ts';
import type { Deps } from '../../platform/deps.ts';
import { notFound } from '../../platform/errors.ts';
import { reencodeImage } from '../../platform/images.ts';
import { assertUploadStored } from '../../platform/upload.ts';
import { type AuditActor, adminOffset, audited, consoleRecord } from '../operators/public.ts';
import * as repo from './repository.ts';
import type { HomeBannersTable, HomeSectionsTable } from './tables.ts';

// 首页 in the console: banners and sections. Every write announces `home`, to which each
// process's home cache listens (routes.ts), so the next GET /api/v1/home anywhere is built anew.

const announce = { announce: ['home' as const] };

const toAdminBanner = (row: Selectable<HomeBannersTable>): AdminBanner => ({
  id: Number(row.id),
  image: row.image,
  alt: row.alt,
  link: row.link,
  sort: row.sort,
  published: row.is_active === 1,
  createTime: toIso(Number(row.created_at)),
  updateTime: toIso(Number(row.updated_at)),
});

async function bannerOf(db: Conn, id: number): Promise<AdminBanner> {
  const row = await repo.findBanner(db, id);
  if (!row) throw notFound('横幅');
  return toAdminBanner(row);
}

const SORT_COLUMNS = { sort: 'sort', id: 'id', createTime: 'created_at' } as const;

export async function listBanners(deps: Deps, q: AdminBannerListQuery): Promise<AdminPage<AdminBanner>> {
  const { rows, total } = await repo.listBanners(
    deps.db.kysely,
    { published: consoleRecord.publishedFilter(q.published) },
    SORT_COLUMNS[q.sort],
    q.order,
    q.pageSize,
    adminOffset(q),
  );
  return consoleRecord.page(rows.map(toAdminBanner), total, q);
}

export const getBanner = (deps: Deps, id: number) => bannerOf(deps.db.kysely, id);

/**
 * An uploaded banner picture: checked by content, re-encoded to WebP like every portal image
 * (platform/images.ts, which drops metadata) and stored; answers its URL for the banner's form.
 */
export async function saveBannerImage(deps: Deps, bytes: Buffer): Promise<{ url: string }> {
  const webp = await reencodeImage(bytes, 'file', BANNER_MAX_SIDE);
  return { url: await deps.storage.save('banners', 'webp', webp) };
}

/** An uploaded image must really be stored (the contract already keeps the URL to our own paths). */
const assertImageStored = (deps: Deps, image: string) => assertUploadStored(deps.storage, image, 'image');

export async function createBanner(
  deps: Deps,
  actor: AuditActor,
  body: CreateBannerBody,
): Promise<AdminBanner> {
  await assertImageStored(deps, body.image);
  const now = deps.clock.now();
  return audited(
    deps,
    actor,
    async (trx) => {
      const id = await repo.insertBanner(trx, {
        image: body.image,
        alt: body.alt,
        link: body.link,
        sort: body.sort,
        is_active: body.published ? 1 : 0,
        created_at: now,
        updated_at: now,
      });
      const after = await bannerOf(trx, id);
      return {
        result: after,
        audit: { action: 'banner.create', targetType: 'banner', targetId: id, before: null, after },
      };
    },
    announce,
  );
}

/** Edits any field; `{ published: true|false }` alone shows or hides it on the home. */
export async function updateBanner(
  deps: Deps,
  actor: AuditActor,
  id: number,
  body: UpdateBannerBody,
): Promise<AdminBanner> {
  if (body.image !== undefined) await assertImageStored(deps, body.image);
  return consoleRecord.edit(
    deps,
    actor,
    { type: 'banner', id },
    body,
    {
      read: (trx) => bannerOf(trx, id),
      write: (trx) =>
        repo.updateBanner(trx, id, {
          ...(body.image !== undefined ? { image: body.image } : {}),
          ...(body.alt !== undefined ? { alt: body.alt } : {}),
          ...(body.link !== undefined ? { link: body.link } : {}),
          ...(body.sort !== undefined ? { sort: body.sort } : {}),
          ...consoleRecord.publishedFlag('is_active', body.published),
          updated_at: deps.clock.now(),
        }),
    },
    announce,
  );
}

export async function deleteBanner(deps: Deps, actor: AuditActor, id: number): Promise<void> {
  await consoleRecord.remove(
    deps,
    actor,
    { type: 'banner', id },
    { read: (trx) => bannerOf(trx, id), remove: (trx) => repo.deleteBanner(trx, id) },
    announce,
  );
}

const toAdminSection = (row: Selectable<HomeSectionsTable>): AdminHomeSection => ({
  kind: row.kind as SearchKind,
  title: row.title,
  sort: row.sort,
  published: row.is_active === 1,
  updateTime: toIso(Number(row.updated_at)),
});

/** The five sections in the home's order (a fixed, short list: one page). */
export async function listSections(deps: Deps): Promise<AdminPage<AdminHomeSection>> {
  const rows = await repo.listSections(deps.db.kysely);
  return { records: rows.map(toAdminSection), total: rows.length, current: 1, size: rows.length };
}

async function sectionOf(db: Conn, kind: SearchKind): Promise<AdminHomeSection> {
  const row = await repo.findSection(db, kind);
  if (!row) throw notFound('首页栏目');
  return toAdminSection(row);
}

export const getSection = (deps: Deps, kind: SearchKind) => sectionOf(deps.db.kysely, kind);

/** Renames, moves, shows or hides a section. */
export async function updateSection(
  deps: Deps,
  actor: AuditActor,
  kind: SearchKind,
  body: UpdateHomeSectionBody,
): Promise<AdminHomeSection> {
  return consoleRecord.edit(
    deps,
    actor,
    { type: 'home-section', id: kind },
    body,
    {
      read: (trx) => sectionOf(trx, kind),
      write: (trx) =>
        repo.updateSection(trx, kind, {
          ...(body.title !== undefined ? { title: body.title } : {}),
          ...(body.sort !== undefined ? { sort: body.sort } : {}),
          ...consoleRecord.publishedFlag('is_active', body.published),
          updated_at: deps.clock.now(),
        }),
    },
    announce,
  );
}
