// The check-in's surface for other modules (activity tasks count check-in days).
export { countCheckinDays, shanghaiDate } from './service.ts';
