import type { PeriodicJob } from '../../platform/jobs.ts';
import { sweepUnusedUploads } from '../../platform/upload.ts';
import { bannerUrls } from './admin-repository.ts';

/**
 * Banner pictures uploaded under `activities/` (POST /activities/banner) that no activity names a
 * day later: uploads whose form was never saved (a replaced or deleted banner's file is removed
 * at once, admin.ts). Seeded banners live in sub-folders and are never listed.
 */
export const sweepActivityBannerUploads: PeriodicJob = {
  name: 'activities.sweep-banner-uploads',
  everyMs: 60 * 60_000,
  run: (deps) => sweepUnusedUploads(deps, 'activities', () => bannerUrls(deps.db.kysely)),
};

export const activityJobs: PeriodicJob[] = [sweepActivityBannerUploads];
