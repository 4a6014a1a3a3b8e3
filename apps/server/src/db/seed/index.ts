import type { FastifyBaseLogger } from 'fastify';

import { seedAccounts } from '../../modules/accounts/seed.ts';
import { seedActivities } from '../../modules/activities/seed.ts';
import { seedBulletins } from '../../modules/bulletins/seed.ts';
import { seedClientConfig } from '../../modules/client-config/seed.ts';
import { seedComics } from '../../modules/comics/seed.ts';
import { seedGames } from '../../modules/games/seed.ts';
import { seedGifts } from '../../modules/gifts/seed.ts';
import { seedMessages } from '../../modules/messages/seed.ts';
import { seedNovels } from '../../modules/novels/seed.ts';
import { seedSquare } from '../../modules/square/seed.ts';
import { seedSupport } from '../../modules/support/seed.ts';
import { seedVideos } from '../../modules/videos/seed.ts';
import { seedVipPlans } from '../../modules/vip/seed.ts';
import { seedWallet } from '../../modules/wallet/seed.ts';
import type { Deps } from '../../platform/deps.ts';

/**
 * Demo content per module, in dependency order. Each writes only its own module's tables and
 * reaches others through their public.ts (docs/decisions/0016-module-boundaries.md).
 */
export const seeds: Array<{ name: string; run: (deps: Deps) => Promise<void> }> = [
  { name: 'accounts', run: seedAccounts },
  { name: 'messages', run: seedMessages },
  { name: 'bulletins', run: seedBulletins },
  { name: 'support', run: seedSupport },
  { name: 'client-config', run: seedClientConfig },
  { name: 'games', run: seedGames },
  { name: 'wallet', run: seedWallet },
  { name: 'vip', run: seedVipPlans },
  { name: 'square', run: seedSquare },
  // After square: its accounts own the codes of the demo's sold-out pack.
  { name: 'gifts', run: seedGifts },
  { name: 'novels', run: seedNovels },
  { name: 'videos', run: seedVideos },
  { name: 'activities', run: seedActivities },
  { name: 'comics', run: seedComics },
];

/** Fills an empty database with demo content; a database that has users is left alone. */
export async function seedIfEmpty(deps: Deps, log: Pick<FastifyBaseLogger, 'info'>): Promise<boolean> {
  const any = await deps.db.kysely.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (any) return false;
  for (const seed of seeds) {
    const started = Date.now();
    await seed.run(deps);
    log.info({ seed: seed.name, ms: Date.now() - started }, 'demo content seeded');
  }
  return true;
}
