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
