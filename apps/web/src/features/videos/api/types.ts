// Type-only: the pages do not pull zod in with the contract.
export type {
  VideoDetail,
  VideoListItem as VideoItem,
  VideoPage,
  VideoView,
} from '@ld/contract/videos';
