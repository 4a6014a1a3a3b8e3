/** Query keys of the invites feature, per account. */
export const inviteKeys = {
  me: (uid: string) => ['invites', uid, 'me'] as const,
  records: (uid: string) => ['invites', uid, 'records'] as const,
};
