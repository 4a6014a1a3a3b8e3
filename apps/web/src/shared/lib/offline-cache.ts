// What the page that downloads books and the service worker that serves them offline agree on
// (docs/decisions/0034-offline-bookshelf.md, 0051-installable-portal.md).

/** One cache per account holds its downloaded books' API answers. */
export const OFFLINE_CACHE_PREFIX = 'ld-offline-v1-';
export const offlineCacheName = (uid: string) => `${OFFLINE_CACHE_PREFIX}${uid}`;

/** The API answers a downloaded book is made of: its detail, its menu blocks and its chapters. */
export const BOOK_ANSWER_PATH = /^\/api\/v1\/novel\/\d+(\/chapters|\/chapter\/\d+)?$/;
