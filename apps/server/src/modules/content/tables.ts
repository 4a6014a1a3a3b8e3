import type { WorkKind } from '@ld/contract/content';
import type { Generated } from 'kysely';

// The shared content model (DESIGN §13, docs/decisions/0026-content-model.md). Times are epoch ms.

export interface WorkCategoriesTable {
  id: Generated<number>;
  kind: WorkKind;
  name: string;
  sort: Generated<number>;
}

export interface WorksTable {
  id: Generated<number>;
  kind: WorkKind;
  category_id: number;
  title: string;
  author: string;
  cover: string;
  /** JSON array of tag names. */
  tags: string;
  intro: string;
  /** 0 连载, 1 完结. */
  status: number;
  /** Kept with the units (appendUnits), so lists never count units. */
  unit_count: Generated<number>;
  /** Novels: characters of every chapter. */
  word_count: Generated<number>;
  latest_unit_id: number | null;
  latest_unit_title: string | null;
  /** When the latest unit came out; the work's creation while it has none (sort 2 reads it). */
  latest_unit_at: number;
  view_count: Generated<number>;
  /** 1: shown in the portal; 0: a draft only the console sees (docs/decisions/0059). */
  published: Generated<number>;
  /** Sort 1 (热门): views plus weighted subscriptions. */
  hot_score: Generated<number>;
  created_at: number;
}

export interface UnitsTable {
  id: Generated<number>;
  work_id: number;
  /** 1, 2, 3… in reading order: UNIQUE (work_id, idx), the menu's keyset. */
  idx: number;
  title: string;
  /** Diamonds; 0 free. */
  price: number;
  /** 1: members free (others pay `price`). */
  vip: number;
  word_count: number;
  created_at: number;
}

export interface ProgressTable {
  user_id: number;
  work_id: number;
  kind: WorkKind;
  unit_id: number;
  unit_idx: number;
  /** JSON: { paragraph, offset } | { panel, offset } | { second }. */
  position: string;
  /** The client's clock when it read there: a write with an older one is ignored. */
  client_time: number;
  /** The server's clock at the accepted write: the history order. */
  read_at: number;
  /** The work's unit count at that read: newUnits counts from it. */
  seen_units: number;
  /** 0 after the reader removed it from history; reading again shows it again. */
  in_history: number;
}

export interface SubscriptionsTable {
  user_id: number;
  work_id: number;
  kind: WorkKind;
  /** The work's unit count when subscribed (newUnits before the first read). */
  seen_units: number;
  created_at: number;
}

export interface ReadingSettingsTable {
  user_id: number;
  auto_unlock: number;
  daily_cap: number;
  font_size: number;
  /** Tenths: 18 is 1.8. */
  line_height: number;
  theme: string;
  mode: string;
  updated_at: number;
}

/** The read log: a row per user, unit and Asia/Shanghai day the unit was read, i.e. its reader saved a position in it (activity tasks count it). */
export interface UnitReadsTable {
  user_id: number;
  unit_id: number;
  /** Midnight of that day in Asia/Shanghai, epoch ms. */
  day_start: number;
  kind: WorkKind;
  /** The first open of the unit that day. */
  read_at: number;
}

/**
 * One row per (work, Asia/Shanghai day, viewer): a view is counted when its row is new
 * (docs/decisions/0046-video-views-apart.md). Rows of earlier days are pruned.
 */
export interface WorkViewsTable {
  work_id: number;
  /** `u:<uid>` for a user, `d:<deviceId>` for a guest's device, `ip:<address>` for a guest without one. */
  viewer: string;
  /** Midnight of the Asia/Shanghai day, epoch ms. */
  day: number;
}

export interface ContentTables {
  work_categories: WorkCategoriesTable;
  works: WorksTable;
  units: UnitsTable;
  progress: ProgressTable;
  subscriptions: SubscriptionsTable;
  reading_settings: ReadingSettingsTable;
  unit_reads: UnitReadsTable;
  work_views: WorkViewsTable;
}
