import type { Generated } from 'kysely';

// Row types: nullable columns are `| null`, never optional. Times are epoch ms.

export interface BulletinsTable {
  id: Generated<number>;
  pos_type: number;
  title: string;
  content: string;
  is_active: Generated<number>;
  created_at: number;
}

export interface BulletinTables {
  bulletins: BulletinsTable;
}
