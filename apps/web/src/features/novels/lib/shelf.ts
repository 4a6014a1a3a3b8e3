import type { Progress, Work } from '@ld/contract/content';

/** One 我的订阅 row (the contract's subscription answer, typed without zod in the page chunk). */
export interface SubscriptionEntry extends Work {
  newUnits: number;
  progress: Progress | null;
  subscribeTime: string;
}
