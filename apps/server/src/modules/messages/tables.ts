import type { Generated } from 'kysely';

// Row types: nullable columns are `| null`, never optional. Times are epoch ms.

export interface MessagesTable {
  id: Generated<number>;
  user_id: number;
  title: string;
  content: string;
  is_read: Generated<number>;
  created_at: number;
}

export interface MessageTables {
  messages: MessagesTable;
}
