import { z } from 'zod';
import { adjacentUnitSchema } from './content.ts';

const positiveId = (name: string) =>
  z.coerce
    .number({ error: `${name} 须为正整数` })
    .int(`${name} 须为正整数`)
    .positive(`${name} 须为正整数`)
    .max(Number.MAX_SAFE_INTEGER, `${name} 须为正整数`);

/** Path of GET /api/v1/novel/{id}/chapter/{cid}. */
export const chapterParams = z.object({ id: positiveId('id'), cid: positiveId('cid') });

/** GET /api/v1/novel/{id}/chapter/{cid} (DESIGN §13); a locked chapter answers code 1005 instead. */
export const chapterSchema = z.object({
  id: z.number().int(),
  workId: z.number().int(),
  index: z.number().int(),
  title: z.string(),
  paragraphs: z.array(z.string()),
  prevId: z.number().int().nullable(),
  nextId: z.number().int().nullable(),
  /** The previous chapter's title, price and whether it is open to the caller, shown before it is opened. */
  prev: adjacentUnitSchema.nullable(),
  /** The next chapter's title, price and whether it is open to the caller, shown before it is opened. */
  next: adjacentUnitSchema.nullable(),
  /** Comments per paragraph (段评), one count per paragraph; zeros until paragraph comments exist. */
  paragraphCommentCounts: z.array(z.number().int()),
  price: z.number().int(),
  vip: z.boolean(),
  /** Diamonds charged by this call: auto-unlock bought the chapter on opening. */
  charged: z.number().int(),
});
export type Chapter = z.infer<typeof chapterSchema>;
