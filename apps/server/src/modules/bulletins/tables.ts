import type { Generated } from 'kysely';

// Row types: nullable columns are `| null`, never optional. Times are epoch ms.

export interface BulletinsTable {
  id: Generated<number>;
  pos_type: number;
  title: string;
  content: string;
  is_active: Generated<number>;
  created_at: number;
  /** Added with the console (2026112510); the seed and old rows carry created_at. */
  updated_at: Generated<number>;
}

export interface BulletinTables {
  bulletins: BulletinsTable;
}
