import { lazy } from 'react';

/**
 * The start-up popups' dialogs (app/startup-popups.tsx). Each loads only when it is about to open,
 * keeping the first load small. The root hands them to the lazy popups' queue, so these imports
 * are made from the entry's chunk: a lazy import made from another lazy chunk also names the entry
 * stylesheet, which the server inlines, and the browser would fetch it again.
 */
export const STARTUP_POPUP_VIEWS = {
  bulletin: lazy(() => import('../features/bulletin/components/bulletin-dialog')),
  checkin: lazy(() => import('../features/home/popups/checkin-reminder')),
  activity: lazy(() => import('../features/home/popups/activity-popup')),
};

export type StartupPopupViews = typeof STARTUP_POPUP_VIEWS;
