import type { Generated } from 'kysely';

// Row types: nullable columns are `| null`, never optional. Times are epoch ms.

export interface UsersTable {
  id: Generated<number>;
  login_name: string;
  password_hash: string | null;
  phone: string | null;
  name: string;
  sex: Generated<number>;
  age: Generated<string>;
  avatar: string | null;
  account_type: Generated<number>;
  need_real_name: Generated<number>;
  coin_num: Generated<number>;
  level_type: Generated<number>;
  exp_time: number | null;
  invite_code: string;
  invited_by: number | null;
  channel_id: Generated<string>;
  created_at: number;
  updated_at: number;
}

export interface SessionsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  device_id: string | null;
  created_at: number;
  last_used_at: number;
}

export interface SmsCodesTable {
  id: Generated<number>;
  phone: string;
  type: string;
  code_hash: string;
  attempts: Generated<number>;
  used_at: number | null;
  ip: Generated<string>;
  expires_at: number;
  created_at: number;
}

export interface DevicesTable {
  id: Generated<number>;
  device_id: string;
  channel_id: string;
  invite_code: Generated<string>;
  device_type: string;
  os_type: number;
  user_agent: Generated<string>;
  created_at: number;
  last_seen_at: number;
}

export interface ChannelVisitsTable {
  id: Generated<number>;
  kind: 'device_init' | 'download_page';
  channel_id: string;
  invite_code: Generated<string>;
  device_id: string | null;
  ip: Generated<string>;
  created_at: number;
}

export interface MessagesTable {
  id: Generated<number>;
  user_id: number;
  title: string;
  content: string;
  is_read: Generated<number>;
  created_at: number;
}

export interface BulletinsTable {
  id: Generated<number>;
  pos_type: number;
  title: string;
  content: string;
  is_active: Generated<number>;
  created_at: number;
}

export interface FaqsTable {
  id: Generated<number>;
  question: string;
  answer: string;
  sort: Generated<number>;
}

export interface ClientConfigTable {
  key: string;
  value: string;
}

export interface KefuMessagesTable {
  id: Generated<number>;
  user_id: number | null;
  kind: string;
  content: string;
  contact: Generated<string>;
  created_at: number;
}

export interface AppSecretsTable {
  name: string;
  value: string;
}

export interface AccountTables {
  users: UsersTable;
  sessions: SessionsTable;
  sms_codes: SmsCodesTable;
  devices: DevicesTable;
  channel_visits: ChannelVisitsTable;
  messages: MessagesTable;
  bulletins: BulletinsTable;
  faqs: FaqsTable;
  client_config: ClientConfigTable;
  kefu_messages: KefuMessagesTable;
  app_secrets: AppSecretsTable;
}
