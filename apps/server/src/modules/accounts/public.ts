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
export { DEMO_LOGIN_NAME } from './seed.ts';
