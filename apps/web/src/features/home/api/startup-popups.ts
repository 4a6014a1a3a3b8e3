import type { ActivitySummary } from '@ld/contract/activities';
import type { CheckinStatus } from '@ld/contract/checkin';
import { http } from '../../../shared/http/client';

// What the start-up queue asks besides the bulletin (DESIGN §14; the check-in and activity
// modules answer them).

/** GET /api/v1/checkin: the logged-in user's check-in state (`today`: checked in already). */
export const getCheckinStatus = () => http.get<CheckinStatus>('/v1/checkin', undefined, { quiet: true });

/** The first ongoing activity (GET /api/v1/activity/list?status=ongoing), or null. */
export async function getOngoingActivity(): Promise<ActivitySummary | null> {
  const list = await http.get<ActivitySummary[]>('/v1/activity/list', { status: 'ongoing' }, { quiet: true });
  return list[0] ?? null;
}
