import type { FollowAnswer } from '@ld/contract/square';
import type { Deps } from '../../platform/deps.ts';
import { notFound, ruleError } from '../../platform/errors.ts';
import { userExists } from '../accounts/public.ts';
import * as follows from './follows-repository.ts';

async function checkTarget(deps: Deps, userId: number, targetId: number): Promise<void> {
  if (targetId === userId) throw ruleError('不能关注自己');
  if (!(await userExists(deps.db.kysely, targetId))) throw notFound('用户');
}

/** Following twice is one follow; unfollowing someone not followed changes nothing. */
export async function follow(deps: Deps, userId: number, targetId: number): Promise<FollowAnswer> {
  await checkTarget(deps, userId, targetId);
  await follows.insertFollow(deps.db.kysely, userId, targetId, deps.clock.now());
  return { followed: true };
}

export async function unfollow(deps: Deps, userId: number, targetId: number): Promise<FollowAnswer> {
  await checkTarget(deps, userId, targetId);
  await follows.deleteFollow(deps.db.kysely, userId, targetId);
  return { followed: false };
}
