/** Build settings of this deployment (spec §1: app name and logo come from the build). */
export const APP_TITLE: string = import.meta.env.VITE_APP_TITLE ?? '蓝钻乐园';
export const CURRENCY_NAME: string = import.meta.env.VITE_CURRENCY_NAME ?? '蓝钻';
/** Prefix of app-specific images (logo, side panels, download badge). */
export const BRAND_PREFIX: string = import.meta.env.VITE_BRAND_PREFIX ?? '/brand';

export const pageTitle = (title?: string): string => (title ? `${APP_TITLE} - ${title}` : APP_TITLE);
