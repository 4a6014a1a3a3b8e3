import { z } from 'zod';
import { adminPageOf } from './list.ts';
import { adminWorkSchema } from './works.ts';

// 视频 in the operator console (docs/decisions/0058-games-and-videos-console.md): a video is a work
// of one unit, listed and edited through the works layer (0059), created by an MP4 upload.

export const adminVideoSchema = adminWorkSchema.extend({
  /** Seconds. */
  duration: z.number(),
  /** Diamonds; 0 free. */
  price: z.number().int(),
  /** Free for members (others pay `price`). */
  vip: z.boolean(),
});
export type AdminVideo = z.infer<typeof adminVideoSchema>;
export const adminVideoPageSchema = adminPageOf(adminVideoSchema);

/** The text fields of an upload, sent before the file part (multipart values are text). */
export const videoUploadFields = z.object({
  title: z.string({ error: '请填写视频标题' }).trim().min(1, '请填写视频标题').max(64, '视频标题最多 64 字'),
  intro: z.string({ error: '简介须为文字' }).trim().max(1000, '简介最多 1000 字').default(''),
  categoryId: z.coerce.number({ error: '请选择分类' }).int('请选择分类').positive('请选择分类'),
  author: z.string({ error: '作者须为文字' }).trim().max(32, '作者最多 32 字').default(''),
  price: z.coerce
    .number({ error: '价格须为整数（钻石）' })
    .int('价格须为整数（钻石）')
    .min(0, '价格不能为负数')
    .max(100_000, '价格最多 100000 钻石')
    .default(0),
  vip: z.enum(['true', 'false'], { error: 'vip 只能是 true 或 false' }).default('false'),
  published: z.enum(['true', 'false'], { error: 'published 只能是 true 或 false' }).default('true'),
});
export type VideoUploadFields = z.infer<typeof videoUploadFields>;

/** What the console accepts (ffmpeg reads more; these are what people upload). */
export const VIDEO_UPLOAD_EXTS = ['mp4', 'm4v', 'mov', 'webm'] as const;
