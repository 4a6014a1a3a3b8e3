import type { UserStatus } from '@ld/contract/accounts';
import type { CursorPage } from '@ld/contract/envelope';
import type { Comment } from '@ld/contract/square';

/** One page holding all of `records` (the contract's page shape; no next page). */
export const onePage = <T>(records: T[], size = 10): CursorPage<T> => ({
  records,
  total: records.length,
  size,
  current: 1,
  pages: records.length === 0 ? 0 : Math.ceil(records.length / size),
  nextCursor: null,
});

/** The status `/user/center/me` answers for the test account (uid 42): a non-member with 100 diamonds. */
export const userStatus = (over: Partial<UserStatus> = {}): UserStatus => ({
  uid: '42',
  loginName: 'xiaolan',
  name: '小蓝',
  sex: 0,
  age: '',
  avatar: null,
  phone: null,
  inviteCode: 'AB12CD34',
  coinNum: 100,
  levelType: 0,
  expTime: null,
  isMember: false,
  needBind: 1,
  ...over,
});

/**
 * A comment by 读者{id} a minute ago, on post 7 (the square's shape; a thread's comment drops
 * `postId` and adds its `slot`).
 */
export const fakeComment = (id: number, over: Partial<Comment> = {}): Comment => ({
  id,
  postId: 7,
  uid: '9',
  author: { uid: '9', name: `读者${id}`, avatar: null },
  content: `评论${id}`,
  replyCommentId: null,
  replyTo: null,
  likeCount: 0,
  liked: false,
  replyCount: 0,
  isMine: false,
  createTime: new Date(Date.now() - 60_000).toISOString(),
  ...over,
});
