import type { Work, WorkDetail } from '@ld/contract/content';

// PROVISIONAL until the videos contract lands (packages/contract/src/videos.ts).
export interface VideoItem extends Work {
  duration: number;
  price: number;
  vip: boolean;
}
export interface VideoDetail extends WorkDetail {
  duration: number;
  price: number;
  vip: boolean;
  unlocked: boolean;
  src: string | null;
  nextId: number | null;
}
