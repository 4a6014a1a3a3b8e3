// Buy-once purchases of any priced thing, for every module that sells something
// (docs/decisions/0015-money-surface.md).
export { type BatchedSale, createBuyBatcher } from './batch.ts';
export {
  type BuyOnce,
  type BuyOnceResult,
  buyOnce,
  countBuyers,
  ownedRefs,
  spentSince,
} from './service.ts';
