// Type-only: the pages do not pull zod in with the contract.
export type { VideoDetail, VideoListItem as VideoItem, VideoPage } from '@ld/contract/videos';
