import dayjs, { type Dayjs } from 'dayjs';

/** The form's claim window (a range picker) as the API's startTime/endTime, and back. */
export const windowToTimes = (window: [Dayjs, Dayjs] | undefined) => ({
  startTime: window?.[0]?.second(0).millisecond(0).toISOString(),
  endTime: window?.[1]?.second(0).millisecond(0).toISOString(),
});

export const timesToWindow = (pack: { startTime: string; endTime: string }): [Dayjs, Dayjs] => [
  dayjs(pack.startTime),
  dayjs(pack.endTime),
];
