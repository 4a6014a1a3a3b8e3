/** The home page's two banners (both to check-in, spec §2); the first frame shows them too (app/first-frame.tsx). */
export const HOME_BANNERS = [
  { src: '/banners/invite.svg', alt: '邀请好友，一起领钻' },
  { src: '/banners/event.svg', alt: '每日签到，连签有礼' },
] as const;
