// What other modules may use of accounts (docs/decisions/0016-module-boundaries.md).
export {
  accountNamesOf,
  createPeople,
  findUserIdByLoginName,
  inviteCodeOf,
  type NewPerson,
  oldestUserIds,
  type Profile,
  profilesOf,
  shownNamesOf,
  UNKNOWN_PROFILE,
  userExists,
} from './directory.ts';
// Moderation (docs/decisions/0061-moderation-inbox-broadcasts.md): a mute stops posts and
// comments; other modules reach users in bulk (system messages) and find authors by name.
export { assertMayPost } from './moderation.ts';
export {
  type Audience,
  audienceIdsAfter,
  countAudience,
  listAccountCards,
  maxUserId,
  userIdsMatching,
} from './moderation-repository.ts';
export { DEMO_LOGIN_NAME } from './seed.ts';
