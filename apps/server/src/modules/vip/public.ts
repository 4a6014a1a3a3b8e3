// Membership for other modules (docs/decisions/0015-money-surface.md).

export { countVipOpens } from './admin-service.ts';
export { type Membership, membershipColumns, membershipOf } from './service.ts';
