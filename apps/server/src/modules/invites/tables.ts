import type { InviteStatus } from '@ld/contract/invites';
import type { Generated } from 'kysely';

// Row types: nullable columns are `| null`, never optional. Times are epoch ms.

/** One row per account that signed up with a known invite code: paid, or why not. */
export interface InvitesTable {
  id: Generated<number>;
  inviter_id: number;
  /** UNIQUE: an account is invited once. */
  invitee_id: number;
  /** The code as given (upper case). */
  code: string;
  device_id: string | null;
  status: InviteStatus;
  /** Diamonds paid to the inviter (0 when refused). */
  reward: number;
  created_at: number;
}

/** The first account each device signed up (with a code or without): a device pays one invite. */
export interface InviteDevicesTable {
  device_id: string;
  user_id: number;
  created_at: number;
}

export interface InviteTables {
  invites: InvitesTable;
  invite_devices: InviteDevicesTable;
}
