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
  invite_code: string;
  invited_by: number | null;
  channel_id: Generated<string>;
  created_at: number;
  updated_at: number;
  /** No posts or comments until then (an operator's mute); null when not muted. */
  muted_until: number | null;
  mute_reason: Generated<string>;
  /** No sessions and no login until then (an operator's ban); null when not banned. */
  banned_until: number | null;
  ban_reason: Generated<string>;
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

export interface AccountTables {
  users: UsersTable;
  sessions: SessionsTable;
  sms_codes: SmsCodesTable;
}
