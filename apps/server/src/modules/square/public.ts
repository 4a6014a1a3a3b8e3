// The square's surface for other modules: its comment engine on a thread keyed by scope and slot
// (段评, an episode's comments) (docs/decisions/0033-paragraph-comments.md).

export { countPostsByUser } from './posts-repository.ts';
export { findPosts } from './posts-service.ts';
export { registerThreadRoutes, type ThreadRoutes } from './thread-routes.ts';
export {
  createThreadComment,
  deleteThreadComment,
  listThreadComments,
  listThreadReplies,
  setThreadCommentLike,
  type ThreadKey,
  threadCommentCounts,
} from './threads-service.ts';
