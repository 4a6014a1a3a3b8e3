import type { Dayjs } from 'dayjs';
import { beijingPicked, pickedInstant } from '../../shared/time';

/** The form's claim window (a range picker, Beijing time: shared/time.ts) as the API's startTime/endTime, and back. */
export const windowToTimes = (window: [Dayjs, Dayjs] | undefined) => ({
  startTime: window?.[0] ? pickedInstant(window[0].second(0).millisecond(0)) : undefined,
  endTime: window?.[1] ? pickedInstant(window[1].second(0).millisecond(0)) : undefined,
});

export const timesToWindow = (pack: { startTime: string; endTime: string }): [Dayjs, Dayjs] => [
  beijingPicked(pack.startTime),
  beijingPicked(pack.endTime),
];
