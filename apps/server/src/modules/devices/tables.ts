import type { Generated } from 'kysely';

// Row types: nullable columns are `| null`, never optional. Times are epoch ms.

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

/**
 * The channel and invite code an account was attributed to at sign-up (decision 0062): its
 * device's first channel, and the invite code given (else the device's). One row per account.
 */
export interface UserChannelsTable {
  user_id: number;
  channel_id: string;
  invite_code: Generated<string>;
  device_id: string | null;
  created_at: number;
}

export interface DeviceTables {
  devices: DevicesTable;
  channel_visits: ChannelVisitsTable;
  user_channels: UserChannelsTable;
}
