import type { Generated } from 'kysely';

// Row types: nullable columns are `| null`, never optional. Times are epoch ms.

export interface FaqsTable {
  id: Generated<number>;
  question: string;
  answer: string;
  sort: Generated<number>;
  /** 1: shown on the FAQ page; 0: a draft or taken down from the console. */
  is_active: Generated<number>;
}

export interface KefuMessagesTable {
  id: Generated<number>;
  user_id: number | null;
  kind: string;
  content: string;
  contact: Generated<string>;
  created_at: number;
  is_answered: Generated<number>;
  answered_at: number | null;
}

/** An operator's answer to a note; it reaches a signed-in sender as a system message. */
export interface KefuRepliesTable {
  id: Generated<number>;
  kefu_message_id: number;
  operator_id: number;
  content: string;
  message_id: number | null;
  created_at: number;
}

export interface SupportTables {
  faqs: FaqsTable;
  kefu_messages: KefuMessagesTable;
  kefu_replies: KefuRepliesTable;
}
