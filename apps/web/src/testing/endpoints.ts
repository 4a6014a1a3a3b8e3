import { accountSchema, avatarAnswer, userStatusSchema } from '@ld/contract/accounts';
import { activityClaimSchema, activityDetailSchema, activitySummarySchema } from '@ld/contract/activities';
import { checkinResultSchema, checkinStatusSchema } from '@ld/contract/checkin';
import { configPageSchema, deviceInitAnswer } from '@ld/contract/client-config';
import { threadCommentPageSchema, threadCommentSchema, threadReplyPageSchema } from '@ld/contract/comments';
import {
  categorySchema,
  historyPageSchema,
  progressSchema,
  readingSettingsSchema,
  subscriptionPageSchema,
  unitPageSchema,
  unlockAnswer,
  workDetailSchema,
  workPageSchema,
  workViewSchema,
} from '@ld/contract/content';
import { downloadAnswer, gamePageSchema, gameSchema, gameTypeSchema } from '@ld/contract/games';
import { claimAnswer, giftCenterPageSchema, giftPackSchema, myGiftPageSchema } from '@ld/contract/gifts';
import { homeSchema, searchAnswer, suggestAnswer } from '@ld/contract/home';
import { inviteMeSchema, inviteRecordPageSchema } from '@ld/contract/invites';
import {
  bulletinSchema,
  faqSchema,
  kefuAnswer,
  messagePageSchema,
  unreadAnswer,
} from '@ld/contract/messages';
import { chapterSchema } from '@ld/contract/novels';
import {
  commentSchema,
  followAnswer,
  likeAnswer,
  myCommentPageSchema,
  postPageSchema,
  postSchema,
  replyPageSchema,
  sensitiveWordPageSchema,
  suggestionAnswer,
  tagSchema,
  threadPageSchema,
  uploadAnswer,
} from '@ld/contract/square';
import { videoDetailSchema, videoPageSchema } from '@ld/contract/videos';
import { vipPlanSchema, vipStatusSchema } from '@ld/contract/vip';
import {
  ledgerPageSchema,
  orderPageSchema,
  orderSchema,
  payInfoAnswer,
  payMethodSchema,
  rechargePackSchema,
} from '@ld/contract/wallet';

/**
 * A schema as the Standard Schema interface sees it (zod's schemas implement it), so the fake
 * server checks answers with the contract's own schemas without the web app depending on zod.
 */
export interface AnswerSchema<T = unknown> {
  readonly '~standard': {
    validate(
      value: unknown,
    ): { value: unknown; issues?: undefined } | { issues: ReadonlyArray<Issue> } | Promise<unknown>;
    readonly types?: { readonly input: T; readonly output: unknown } | undefined;
  };
}
interface Issue {
  readonly message: string;
  readonly path?: ReadonlyArray<PropertyKey | { key: PropertyKey }> | undefined;
}

const custom = <T>(check: (value: unknown) => Issue[] | null): AnswerSchema<T> => ({
  '~standard': {
    validate: (value) => {
      const issues = check(value);
      return issues ? { issues } : { value };
    },
  },
});

/** `data: null` answers (the server's `z.null()`). */
export const nullAnswer = custom<null>((v) => (v === null ? null : [{ message: 'expected null' }]));

/** An array of `item` (the server's `z.array(item)`). */
export function arrayOf<T>(item: AnswerSchema<T>): AnswerSchema<T[]> {
  return custom<T[]>((value) => {
    if (!Array.isArray(value)) return [{ message: 'expected an array' }];
    const issues: Issue[] = [];
    value.forEach((entry, index) => {
      const result = item['~standard'].validate(entry) as { issues?: ReadonlyArray<Issue> };
      for (const issue of result.issues ?? [])
        issues.push({ ...issue, path: [index, ...(issue.path ?? [])] });
    });
    return issues.length > 0 ? issues : null;
  });
}

/** `null` or `schema` (the server's `schema.nullable()`). */
export const nullable = <T>(schema: AnswerSchema<T>): AnswerSchema<T | null> =>
  custom<T | null>((value) =>
    value === null
      ? null
      : ((schema['~standard'].validate(value) as { issues?: ReadonlyArray<Issue> }).issues?.slice() ?? null),
  );

/**
 * What each endpoint answers in `data` on success, keyed as the web's API files call it (method and
 * path under /api). The same schemas the server declares for its responses and OpenAPI.
 */
export const endpoints = {
  'POST /user/device/init': deviceInitAnswer,
  'POST /user/smsCode': nullAnswer,
  'POST /user/registerWithName': accountSchema,
  'POST /user/login': accountSchema,
  'POST /user/loginWithPhone': accountSchema,
  'POST /user/loginPhoneWithoutRegister': accountSchema,
  'POST /user/bind': accountSchema,
  'POST /user/resetPassword': nullAnswer,
  'POST /user/logout': nullAnswer,
  'POST /user/center/me': userStatusSchema,
  'POST /user/center/updateInfo': userStatusSchema,
  'POST /user/center/uploadAvatar': avatarAnswer,
  'POST /user/center/message/all': messagePageSchema,
  'POST /user/message': unreadAnswer,
  'POST /user/kefu': kefuAnswer,
  'GET /v1/bulletin': nullable(bulletinSchema),
  'GET /v1/faq': arrayOf(faqSchema),
  'GET /v1/square/config/list': configPageSchema,
  'GET /v1/game/types': arrayOf(gameTypeSchema),
  'POST /web/game/list': gamePageSchema,
  'POST /web/game/detail': gameSchema,
  'POST /web/game/detail/giftlist': arrayOf(giftPackSchema),
  'POST /user/game/download/:gameId': downloadAnswer,
  'GET /v1/gift/center': giftCenterPageSchema,
  'GET /v1/gift/me': myGiftPageSchema,
  'POST /v1/gift/:packId/claim': claimAnswer,
  'POST /vip/vipconfig': arrayOf(vipPlanSchema),
  'POST /vip/vipopen': vipStatusSchema,
  'GET /v1/wallet/packs': arrayOf(rechargePackSchema),
  'POST /order/payInfo': payInfoAnswer,
  'GET /v1/wallet/pay-methods': arrayOf(payMethodSchema),
  'GET /v1/wallet/order/:orderId': orderSchema,
  'POST /user/center/coin/all': ledgerPageSchema,
  'POST /user/center/coin/order': orderPageSchema,
  'GET /v1/square/tag/list': arrayOf(tagSchema),
  'GET /v1/square/post/list': postPageSchema,
  'GET /v1/square/post/follow': postPageSchema,
  'GET /v1/square/post/me': postPageSchema,
  'GET /v1/square/comment/me': myCommentPageSchema,
  'GET /v1/square/post/:id': postSchema,
  'POST /v1/square/post': postSchema,
  'DELETE /v1/square/post/:id': nullAnswer,
  'POST /v1/square/post/:id/like': likeAnswer,
  'DELETE /v1/square/post/:id/like': likeAnswer,
  'GET /v1/square/post/:id/comment/list': threadPageSchema,
  'POST /v1/square/post/:id/comment': commentSchema,
  'GET /v1/square/post/:postId/comment/:commentId/list': replyPageSchema,
  'POST /v1/square/comment/:id/like': likeAnswer,
  'DELETE /v1/square/comment/:id/like': likeAnswer,
  'DELETE /v1/square/comment/:id': nullAnswer,
  'POST /v1/user/follow/:uid': followAnswer,
  'DELETE /v1/user/follow/:uid': followAnswer,
  'GET /v1/square/keyword/suggestion': suggestionAnswer,
  'GET /v1/square/sensitiveword/list': sensitiveWordPageSchema,
  'POST /v1/square/upload': uploadAnswer,
  'GET /v1/novel/categories': arrayOf(categorySchema),
  'GET /v1/novel/list': workPageSchema,
  'GET /v1/novel/:id': workDetailSchema,
  'POST /v1/novel/:id/view': workViewSchema,
  'GET /v1/novel/:id/chapters': unitPageSchema,
  'POST /v1/novel/:id/subscribe': nullAnswer,
  'DELETE /v1/novel/:id/subscribe': nullAnswer,
  'GET /v1/subscriptions': subscriptionPageSchema,
  'GET /v1/history': historyPageSchema,
  'DELETE /v1/history/:kind/:workId': nullAnswer,
  'DELETE /v1/history': nullAnswer,
  'GET /v1/novel/:id/chapter/:cid': chapterSchema,
  'POST /v1/novel/:id/unit/:unitId/unlock': unlockAnswer,
  'GET /v1/novel/:id/chapter/:cid/comments': threadCommentPageSchema,
  'GET /v1/novel/:id/chapter/:cid/comments/:commentId/replies': threadReplyPageSchema,
  'POST /v1/novel/:id/chapter/:cid/comments': threadCommentSchema,
  'DELETE /v1/novel/:id/chapter/:cid/comments/:commentId': nullAnswer,
  'POST /v1/novel/:id/chapter/:cid/comments/:commentId/like': likeAnswer,
  'DELETE /v1/novel/:id/chapter/:cid/comments/:commentId/like': likeAnswer,
  'PUT /v1/progress': progressSchema,
  'GET /v1/reading/settings': readingSettingsSchema,
  'PUT /v1/reading/settings': readingSettingsSchema,
  'GET /v1/invite/me': inviteMeSchema,
  'GET /v1/invite/records': inviteRecordPageSchema,
  'GET /v1/checkin': checkinStatusSchema,
  'POST /v1/checkin': checkinResultSchema,
  'GET /v1/activity/list': arrayOf(activitySummarySchema),
  'GET /v1/activity/:id': activityDetailSchema,
  'POST /v1/activity/:id/task/:taskId/claim': activityClaimSchema,
  'GET /v1/home': homeSchema,
  'GET /v1/search': searchAnswer,
  'GET /v1/search/suggest': suggestAnswer,
  'GET /v1/video/categories': arrayOf(categorySchema),
  'GET /v1/video/list': videoPageSchema,
  'GET /v1/video/:id': videoDetailSchema,
  'POST /v1/video/:id/view': workViewSchema,
  'POST /v1/video/:id/unit/:unitId/unlock': unlockAnswer,
  'POST /v1/video/:id/subscribe': nullAnswer,
  'DELETE /v1/video/:id/subscribe': nullAnswer,
  'GET /v1/comic/categories': arrayOf(categorySchema),
  'GET /v1/comic/list': workPageSchema,
  'GET /v1/comic/:id': workDetailSchema,
  'POST /v1/comic/:id/view': workViewSchema,
  'GET /v1/comic/:id/episodes': unitPageSchema,
  'GET /v1/comic/:id/comments': threadCommentPageSchema,
} satisfies Record<string, AnswerSchema>;

export type Endpoint = keyof typeof endpoints;
/** What a fake may answer for `E`: the input type of its contract schema. */
export type AnswerOf<E extends Endpoint> = NonNullable<(typeof endpoints)[E]['~standard']['types']>['input'];
