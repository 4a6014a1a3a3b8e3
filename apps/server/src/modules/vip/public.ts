// Membership for other modules (docs/decisions/0015-money-surface.md).
export { type Membership, membershipOf } from './service.ts';
