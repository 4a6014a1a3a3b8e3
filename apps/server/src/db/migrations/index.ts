import type { Migration } from 'kysely';
import * as m001 from './2026112201-accounts.ts';
import * as m002 from './2026112202-money.ts';
import * as m003 from './2026112203-square.ts';
import * as m004 from './2026112204-square-counters.ts';
import * as m005 from './2026112205-game-list-indexes.ts';
import * as m101 from './2026112301-purchases.ts';
import * as m102 from './2026112302-wallets-and-memberships.ts';
import * as m010 from './2026112310-leases.ts';
import * as m120 from './2026112320-content.ts';
import * as m130 from './2026112330-comment-threads.ts';
import * as m201 from './2026112401-comics.ts';
import * as m202 from './2026112402-videos.ts';
import * as m203 from './2026112403-engagement.ts';
import * as m204 from './2026112404-invites.ts';
import * as m205 from './2026112405-work-views.ts';
import * as m310 from './2026112510-operators.ts';
import * as m520 from './2026112520-order-provider-state.ts';
import * as m550 from './2026112550-games-console.ts';
import * as m560 from './2026112560-works-published.ts';
import * as m570 from './2026112570-site-console.ts';
import * as m571 from './2026112571-square-tag-state.ts';
import * as m572 from './2026112572-faq-state.ts';
import * as m573 from './2026112573-activity-state.ts';
import * as m580 from './2026112580-moderation-and-inbox.ts';
import * as m600 from './2026112600-channel-attribution.ts';
import * as m610 from './2026112610-unit-edits.ts';
import * as m700 from './2026113000-purchases-kind-ref-user.ts';
import * as m710 from './2026120100-works-published-count.ts';

/** Every migration, in order. Names start with a timestamp so they sort. */
export const migrations: Record<string, Migration> = {
  '2026112201-accounts': m001,
  '2026112202-money': m002,
  '2026112203-square': m003,
  '2026112204-square-counters': m004,
  '2026112205-game-list-indexes': m005,
  '2026112301-purchases': m101,
  '2026112302-wallets-and-memberships': m102,
  '2026112310-leases': m010,
  '2026112320-content': m120,
  '2026112330-comment-threads': m130,
  '2026112401-comics': m201,
  '2026112402-videos': m202,
  '2026112403-engagement': m203,
  '2026112404-invites': m204,
  '2026112405-work-views': m205,
  '2026112510-operators': m310,
  '2026112520-order-provider-state': m520,
  '2026112550-games-console': m550,
  '2026112560-works-published': m560,
  '2026112570-site-console': m570,
  '2026112571-square-tag-state': m571,
  '2026112572-faq-state': m572,
  '2026112573-activity-state': m573,
  '2026112580-moderation-and-inbox': m580,
  '2026112600-channel-attribution': m600,
  '2026112610-unit-edits': m610,
  '2026113000-purchases-kind-ref-user': m700,
  '2026120100-works-published-count': m710,
};
