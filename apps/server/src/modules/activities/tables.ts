import type { TaskKind } from '@ld/contract/activities';
import type { Generated } from 'kysely';

// Row types of the activity centre (DESIGN §14, docs/decisions/0040-check-in-and-activities.md).

export interface ActivitiesTable {
  id: Generated<number>;
  title: string;
  summary: string;
  /** Public URL of the 16:9 banner. */
  banner: string;
  /** Cleaned when stored (platform/server-html.ts), served as it is. */
  rules_html: string;
  /** The window [start_at, end_at) in epoch ms; tasks count what happened inside it. */
  start_at: number;
  end_at: number;
  created_at: number;
  /** 1: shown in 活动中心; 0: a draft or taken down (the console's 发布/下线). */
  published: Generated<number>;
  /** Order inside a status group (ongoing, upcoming, ended): smaller first. */
  sort: Generated<number>;
}

export interface ActivityTasksTable {
  id: Generated<number>;
  activity_id: number;
  kind: TaskKind;
  /** e.g. 阅读3章. */
  title: string;
  target: number;
  /** Diamonds. */
  reward: number;
  sort: Generated<number>;
  /** 1: shown and claimable; 0: switched off in the console (claims made stay). */
  enabled: Generated<number>;
}

/** A task's reward claimed: the primary key (user, task) lets it be claimed once. */
export interface ActivityClaimsTable {
  user_id: number;
  task_id: number;
  activity_id: number;
  reward: number;
  created_at: number;
}

export interface ActivityTables {
  activities: ActivitiesTable;
  activity_tasks: ActivityTasksTable;
  activity_claims: ActivityClaimsTable;
}
