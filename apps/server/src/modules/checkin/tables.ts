// Row types of the check-in (DESIGN §14, docs/decisions/0040-check-in-and-activities.md).

/** One row per user and Asia/Shanghai calendar day checked in or made up (补签). */
export interface CheckinsTable {
  user_id: number;
  /** YYYY-MM-DD in Asia/Shanghai. */
  date: string;
  /** The date day 1 of this row's cycle fell on. */
  cycle_start: string;
  /** 1..7. */
  cycle_day: number;
  /** Consecutive days ending on this date. */
  streak: number;
  /** Diamonds credited (0 for a 补签). */
  reward: number;
  /** 1 for a 补签. */
  makeup: number;
  created_at: number;
}

export interface CheckinTables {
  checkins: CheckinsTable;
}
