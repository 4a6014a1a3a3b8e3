import type { Generated } from 'kysely';

// Row types: nullable columns are `| null`, never optional. Times are epoch ms.

export interface MessagesTable {
  id: Generated<number>;
  user_id: number;
  title: string;
  content: string;
  is_read: Generated<number>;
  created_at: number;
  /** The send it came with (message_broadcasts); one message per user and send. */
  broadcast_id: number | null;
}

/** A system message sent by an operator to one user, a channel or everyone, delivered in batches. */
export interface MessageBroadcastsTable {
  id: Generated<number>;
  title: string;
  content: string;
  audience: 'user' | 'channel' | 'all';
  user_id: number | null;
  channel_id: string | null;
  status: 'queued' | 'running' | 'done';
  total: number;
  sent: Generated<number>;
  last_user_id: Generated<number>;
  max_user_id: number;
  operator_id: number | null;
  created_at: number;
  finished_at: number | null;
}

export interface MessageTables {
  messages: MessagesTable;
  message_broadcasts: MessageBroadcastsTable;
}
