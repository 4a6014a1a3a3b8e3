import { z } from 'zod';
import { SEARCH_KINDS } from '../home-values.ts';
import { adminListQuery, adminPageOf, blankAsAbsent } from './list.ts';

// 首页 in the console: the carousel's banners and the sections of hot items under the entry grid.

/** A banner as operators see it; the portal's home shows the published ones by `sort`. */
export const adminBannerSchema = z.object({
  id: z.number().int(),
  /** The image's URL: an upload (/uploads/banners/…) or a picture the web app ships (/banners/…). */
  image: z.string(),
  /** What the picture says, for screen readers and the indicator's name. */
  alt: z.string(),
  /** Where a tap goes: a portal path (/checkin) or an https address. */
  link: z.string(),
  sort: z.number().int(),
  published: z.boolean(),
  createTime: z.string(),
  updateTime: z.string(),
});
export type AdminBanner = z.infer<typeof adminBannerSchema>;
export const adminBannerPageSchema = adminPageOf(adminBannerSchema);

export const adminBannerListQuery = adminListQuery(['sort', 'id', 'createTime'], 'sort').extend({
  published: blankAsAbsent(z.enum(['true', 'false'], { error: 'published 只能是 true 或 false' })),
});
export type AdminBannerListQuery = z.infer<typeof adminBannerListQuery>;

export const BANNER_LIMITS = { altMax: 64, linkMax: 255, sortMax: 9999 } as const;
/** Banners are drawn 690×260 (about 2.65:1); an upload is re-encoded to WebP no wider than this. */
export const BANNER_MAX_SIDE = 1380;

/** A stored banner upload or a picture the web app ships; nothing from elsewhere. */
export const BANNER_IMAGE = /^\/(?:uploads\/banners\/|banners\/)[A-Za-z0-9._-]+$/;
/** A portal path (not `//host`) or an https address. */
const BANNER_LINK = /^(?:\/(?!\/)[^\s]*|https:\/\/[^\s]+)$/;

const image = z
  .string({ error: '请上传横幅图片' })
  .trim()
  .min(1, '请上传横幅图片')
  .regex(BANNER_IMAGE, '请上传横幅图片（只接受本站上传的图片）');
const alt = z
  .string({ error: '请填写图片说明' })
  .trim()
  .min(1, '请填写图片说明')
  .max(BANNER_LIMITS.altMax, `图片说明最多 ${BANNER_LIMITS.altMax} 个字`);
const link = z
  .string({ error: '请填写跳转地址' })
  .trim()
  .min(1, '请填写跳转地址')
  .max(BANNER_LIMITS.linkMax, `跳转地址最多 ${BANNER_LIMITS.linkMax} 个字符`)
  .regex(BANNER_LINK, '跳转地址须为站内路径（如 /checkin）或 https:// 开头的网址');
const sort = z
  .number({ error: 'sort 须为整数（排序，小的在前）' })
  .int('sort 须为整数（排序，小的在前）')
  .min(0, 'sort 不能小于 0')
  .max(BANNER_LIMITS.sortMax, `sort 不能大于 ${BANNER_LIMITS.sortMax}`);
const published = z.boolean({ error: 'published 须为 true 或 false' });

export const createBannerBody = z.object({
  image,
  alt,
  link,
  sort: sort.default(0),
  published: published.default(false),
});
export type CreateBannerBody = z.infer<typeof createBannerBody>;

export const updateBannerBody = z
  .object({
    image: image.optional(),
    alt: alt.optional(),
    link: link.optional(),
    sort: sort.optional(),
    published: published.optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), { message: '至少修改一项', path: ['alt'] });
export type UpdateBannerBody = z.infer<typeof updateBannerBody>;

/** An uploaded banner image, re-encoded and stored. */
export const bannerImageSchema = z.object({ url: z.string() });

/** A home section: one kind of hot items; the home shows the published ones by `sort`. */
export const adminHomeSectionSchema = z.object({
  kind: z.enum(SEARCH_KINDS),
  title: z.string(),
  sort: z.number().int(),
  published: z.boolean(),
  updateTime: z.string(),
});
export type AdminHomeSection = z.infer<typeof adminHomeSectionSchema>;
export const adminHomeSectionPageSchema = adminPageOf(adminHomeSectionSchema);

export const homeSectionParams = z.object({
  kind: z.enum(SEARCH_KINDS, { error: `kind 只能是 ${SEARCH_KINDS.join('、')}` }),
});

export const SECTION_TITLE_MAX = 16;

export const updateHomeSectionBody = z
  .object({
    title: z
      .string({ error: '请填写栏目标题' })
      .trim()
      .min(1, '请填写栏目标题')
      .max(SECTION_TITLE_MAX, `栏目标题最多 ${SECTION_TITLE_MAX} 个字`)
      .optional(),
    sort: sort.optional(),
    published: published.optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), { message: '至少修改一项', path: ['title'] });
export type UpdateHomeSectionBody = z.infer<typeof updateHomeSectionBody>;
