// Home and the search across every kind (DESIGN §14): the plain values the web and the server
// share, without zod, so the home's first load does not carry the schema library
// (`home.ts` holds the schemas).

/** What the home and the search show, in the order they show it. */
export const SEARCH_KINDS = ['game', 'comic', 'novel', 'video', 'post'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];
export const SEARCH_KIND_TEXT: Record<SearchKind, string> = {
  game: '游戏',
  comic: '漫画',
  novel: '小说',
  video: '视频',
  post: '帖子',
};

export const HOME_LIMITS = {
  keywordMax: 32,
  /** Items per kind in a search over every kind (the rest by `kind` + `cursor`). */
  groupSize: 4,
  /** Items per page of one kind. */
  pageSizeMax: 20,
  /** Suggestions as you type, over every kind. */
  suggestMax: 8,
  /** Items in a home section. */
  sectionSize: 6,
} as const;

/** The two banners of spec §2 (friend invite, an event), both to check-in. */
export const HOME_BANNERS = [
  { image: '/banners/invite.svg', alt: '邀请好友，一起领钻', to: '/checkin' },
  { image: '/banners/event.svg', alt: '每日签到，连签有礼', to: '/checkin' },
] as const;

/** The entry grid; `key` names the icon the client draws for it. */
export const HOME_ENTRIES = [
  { key: 'checkin', label: '签到', to: '/checkin' },
  { key: 'activity', label: '活动中心', to: '/activity' },
  { key: 'novels', label: '书城', to: '/novels' },
  { key: 'welfare', label: '福利视频', to: '/welfare' },
  { key: 'square', label: '礼包中心', to: '/square' },
  { key: 'recharge', label: '充值', to: '/recharge' },
  { key: 'invite', label: '邀请好友', to: '/invite' },
] as const;
export type HomeEntryKey = (typeof HOME_ENTRIES)[number]['key'];

/** Where each kind's 更多 goes (its list). */
export const SECTION_MORE: Record<SearchKind, string> = {
  game: '/games',
  comic: '/animate',
  novel: '/novels',
  video: '/welfare',
  post: '/square',
};

/** The page of one item; a game's `id` is its appID, as `detail/:id` takes it. */
export function itemPath(kind: SearchKind, id: number): string {
  switch (kind) {
    case 'game':
      return `/detail/${id}`;
    case 'comic':
      return `/comic/${id}`;
    case 'novel':
      return `/bookinfo/${id}`;
    case 'video':
      return `/video/${id}`;
    case 'post':
      return `/post/${id}`;
  }
}
