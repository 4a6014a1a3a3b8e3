import dayjs from 'dayjs';

/** An ISO time from the API as the console shows it (the operator's local time). */
export const formatTime = (iso: string | null | undefined): string =>
  iso ? dayjs(iso).format('YYYY-MM-DD HH:mm:ss') : '—';
