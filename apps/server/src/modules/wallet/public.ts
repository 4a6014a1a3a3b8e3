// The wallet's surface for other modules (docs/decisions/0015-money-surface.md): the ledger is
// the only way a balance changes. Other modules import this file, never the wallet's internals.

export { countOrdersCreated, countOrdersPaid } from './admin-service.ts';
export { recentOrdersOf } from './recent-orders.ts';
export {
  applyBalanceChange,
  type BalanceChange,
  type BalanceResult,
  balanceInsufficient,
  balanceOf,
  countLedgerRows,
  debitAfter,
  debitEachAfter,
  type Grant,
  grantDiamonds,
  lockWallet,
  lockWalletReading,
  lockWalletsReading,
} from './service.ts';
