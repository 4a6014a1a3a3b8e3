import type { Generated } from 'kysely';

// Row types: nullable columns are `| null`, never optional. Times are epoch ms.

export interface GameTypesTable {
  id: Generated<number>;
  name: string;
  sort: Generated<number>;
}

export interface GamesTable {
  id: Generated<number>;
  app_id: number;
  type_id: number;
  name: string;
  icon: string;
  /** JSON array of image URLs. */
  screenshots: string;
  description: string;
  version: string;
  size: number;
  /** JSON array of tag names. */
  tags: string;
  online_type: Generated<number>;
  buy_amount: Generated<number>;
  download_count: Generated<number>;
  android_package: string | null;
  ios_package: string | null;
  sort: Generated<number>;
  /** 1 shown in the portal; 0 a draft only the console sees. */
  published: Generated<number>;
  updated_at: number;
  created_at: number;
}

/** One row per download link handed out, with the downloader's channel (decision 0062). */
export interface GameDownloadsTable {
  id: Generated<number>;
  game_id: number;
  /** Null for a guest downloading a free game. */
  user_id: number | null;
  platform_type: number;
  channel_id: string;
  invite_code: Generated<string>;
  created_at: number;
}

export interface GameTables {
  game_types: GameTypesTable;
  games: GamesTable;
  game_downloads: GameDownloadsTable;
}
