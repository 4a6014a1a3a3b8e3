import type { AccountTables } from '../modules/accounts/tables.ts';

/** The whole database: each domain declares its tables beside its code; this file assembles them. */
export interface Database extends AccountTables {}
