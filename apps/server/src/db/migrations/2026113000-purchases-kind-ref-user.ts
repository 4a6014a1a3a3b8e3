import type { Kysely } from 'kysely';

// `purchases_kind_ref` gains the user (docs/decisions/0056-cluster.md, "Paid downloads in batches"):
// on (kind, ref) alone, the planner could answer a paid purchase's "bought before?" (user, kind,
// ref) through it, reading every buyer of the thing, and did so under load on tables whose
// statistics lagged: a download's cost grew with the game's buyers. With the user as its third
// column either index answers that question exactly; the buyers of a thing are still its prefix.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('purchases_kind_ref').execute();
  await db.schema
    .createIndex('purchases_kind_ref')
    .on('purchases')
    .columns(['kind', 'ref', 'user_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('purchases_kind_ref').execute();
  await db.schema.createIndex('purchases_kind_ref').on('purchases').columns(['kind', 'ref']).execute();
}
