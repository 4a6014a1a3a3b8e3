import { http } from '../../../shared/http/client';

// What the start-up queue asks besides the bulletin (DESIGN §14 calls; the check-in and activity
// modules answer them). Only the fields the popups read are named here.

export interface CheckinToday {
  /** Whether the user has checked in today. */
  today: boolean;
  streak: number;
}

export interface OngoingActivity {
  id: number;
  title: string;
}

/** GET /api/v1/checkin: the logged-in user's check-in state. */
export const getCheckinToday = () => http.get<CheckinToday>('/v1/checkin', undefined, { quiet: true });

/** The first ongoing activity (GET /api/v1/activity/list?status=ongoing), or null. */
export async function getOngoingActivity(): Promise<OngoingActivity | null> {
  const answer = await http.get<{ records?: OngoingActivity[] } | OngoingActivity[]>(
    '/v1/activity/list',
    { status: 'ongoing' },
    { quiet: true },
  );
  const list = Array.isArray(answer) ? answer : (answer.records ?? []);
  return list[0] ?? null;
}
