import type { Kysely } from 'kysely';

// Real payment providers keep their own record of an order (docs/decisions/0054-payments.md): the
// wallet asks them about orders whose notify has not come, and the operator console shows what
// they last said. `txn_id` already holds the provider's trade number.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('recharge_orders')
    // The provider's own word for the order at the last query (NOTPAY, TRADE_CLOSED, an error code…).
    .addColumn('provider_state', 'varchar(64)')
    .execute();
  await db.schema.alterTable('recharge_orders').addColumn('provider_checked_at', 'bigint').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('recharge_orders').dropColumn('provider_checked_at').execute();
  await db.schema.alterTable('recharge_orders').dropColumn('provider_state').execute();
}
