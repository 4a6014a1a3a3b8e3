/**
 * Query keys the three kinds of work share: the reading settings are one per account, whichever
 * reader shows them (the lock's auto-unlock switch, the novel reader's preferences).
 */
export const worksKeys = {
  settings: (uid: string) => ['reading-settings', uid] as const,
};
