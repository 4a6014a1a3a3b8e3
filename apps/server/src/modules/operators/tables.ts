import type { Generated } from 'kysely';

// Row types: nullable columns are `| null`, never optional. Times are epoch ms.

export interface OperatorsTable {
  id: Generated<number>;
  /** Lower-case. */
  name: string;
  password_hash: string;
  role: string;
  is_disabled: Generated<number>;
  totp_secret: string | null;
  totp_enabled: Generated<number>;
  totp_last_step: number | null;
  created_at: number;
  updated_at: number;
}

export interface OperatorSessionsTable {
  id: Generated<number>;
  operator_id: number;
  token_hash: string;
  /** `totp` | `enrol` | `active` (SessionStage). */
  stage: string;
  created_at: number;
  /** Absolute end; idle expiry is measured from last_used_at. */
  expires_at: number;
  last_used_at: number;
  ip: string;
}

export interface AuditLogTable {
  id: Generated<number>;
  operator_id: number | null;
  action: string;
  target_type: string;
  target_id: string;
  before_json: string | null;
  after_json: string | null;
  created_at: number;
  ip: string;
}

export interface OperatorSettingsTable {
  key: string;
  value: string;
  updated_at: number;
}

export interface OperatorTables {
  operators: OperatorsTable;
  operator_sessions: OperatorSessionsTable;
  audit_log: AuditLogTable;
  operator_settings: OperatorSettingsTable;
}
