import type { PeriodicJob } from '../../platform/jobs.ts';
import { sweepUnusedUploads } from '../../platform/upload.ts';
import { activityBannerUrls } from '../activities/public.ts';
import { bannerImages } from './repository.ts';

/**
 * Banner pictures uploaded under `banners/` (POST /home-banners/image) that no home banner — and
 * no activity, whose banner may name any site path — names a day later: uploads whose form was
 * never saved, and the pictures of replaced or deleted banners.
 */
export const sweepHomeBannerUploads: PeriodicJob = {
  name: 'home.sweep-banner-uploads',
  everyMs: 60 * 60_000,
  run: (deps) =>
    sweepUnusedUploads(deps, 'banners', async () => [
      ...(await bannerImages(deps.db.kysely)),
      ...(await activityBannerUrls(deps.db.kysely)),
    ]),
};

export const homeJobs: PeriodicJob[] = [sweepHomeBannerUploads];
