import type { FastifyBaseLogger } from 'fastify';
import { seedAccounts } from '../../modules/accounts/seed.ts';
import type { Deps } from '../../platform/deps.ts';

/** Demo content per domain, in dependency order; each one writes only its own tables. */
const seeds: Array<{ name: string; run: (deps: Deps) => Promise<void> }> = [{ name: 'accounts', run: seedAccounts }];

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
