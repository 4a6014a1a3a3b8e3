import type { Migration } from 'kysely';
import * as m001 from './2026112201-accounts.ts';

/** Every migration, in order. Names start with a timestamp so they sort. */
export const migrations: Record<string, Migration> = {
  '2026112201-accounts': m001,
};
