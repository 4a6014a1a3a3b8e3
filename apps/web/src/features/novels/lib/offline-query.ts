/**
 * Query options for what a downloaded book is read from (decision 0034): the request always goes
 * out, even when the browser says it is offline, since the service worker may answer it from the
 * download (the default `online` mode would pause it). The app's retry rule does not retry a lost
 * network while offline, so the page says 网络不可用 at once.
 */
export const offlineReadable = { networkMode: 'always' as const };
