import type { Comment } from '@ld/contract/square';

// One comment UI over the square's comment engine (DESIGN §13: a post's comments, a novel
// paragraph's 段评, a comic's and an episode's comments; docs/decisions/0053-one-works-layer.md).
// What differs between them is where the engine answers: a place.

/** A comment or reply wherever it hangs (the square's carries its post id, a thread's its slot). */
export type PlaceComment = Omit<Comment, 'postId'>;
/** A top-level comment in a list, with its first replies. */
export type PlaceThread = PlaceComment & { replies: PlaceComment[] };

export interface CommentPlace {
  /** Names the place in query keys: `square/post/7`, `/v1/comic/3/comments`. */
  id: string;
  /** GET: the threads, by sort and cursor. */
  list: string;
  /** GET: one comment's replies (楼中楼), oldest first. */
  replies(commentId: number): string;
  /** POST (JSON): a comment, or with replyCommentId a reply. */
  create: string;
  /** DELETE: one's own comment (with its replies). */
  comment(commentId: number): string;
  /** POST / DELETE: like, unlike. */
  like(commentId: number): string;
  /** Narrows the list and goes with a new comment: `{ paragraph: 2 }`. */
  scope?: Record<string, number>;
  /** Codes the list answers in place rather than as a toast (a post deleted meanwhile: 404). */
  quietList?: number[];
}

/**
 * A target of the engine's thread routes (`path`, `path/{id}/replies`, `path/{id}`, `path/{id}/like`):
 * a comic, an episode, a chapter's paragraphs.
 */
export const threadPlace = (path: string, scope?: Record<string, number>): CommentPlace => ({
  id: scope ? `${path}?${new URLSearchParams(Object.entries(scope).map(([k, v]) => [k, String(v)]))}` : path,
  list: path,
  replies: (id) => `${path}/${id}/replies`,
  create: path,
  comment: (id) => `${path}/${id}`,
  like: (id) => `${path}/${id}/like`,
  scope,
});

/** Query keys: every list and reply page of a place under `['comments', place.id]`. */
export const commentKeys = {
  all: ['comments'] as const,
  place: (place: CommentPlace) => ['comments', place.id] as const,
  threads: (place: CommentPlace, sort: number, uid: string) =>
    ['comments', place.id, 'threads', sort, uid] as const,
  replies: (place: CommentPlace, commentId: number, uid: string) =>
    ['comments', place.id, 'replies', commentId, uid] as const,
};
