/**
 * Where saves made without a network wait, newest per book, until it is back (decision 0034).
 * Its own module: the start-up check and the sender both read it, and the sender is loaded lazily
 * by the start-up check, so neither may import the other for it (no import cycles).
 */
export const PROGRESS_QUEUE_KEY = 'ld-progress-queue';
