import type { Progress } from '@ld/contract/content';
import type { VideoDetail, VideoItem, VideoPage } from '../api/types';

// Test data for the video pages (imported by tests only).

export const VIDEO_CATEGORIES = [
  { id: 11, name: '热血' },
  { id: 12, name: '治愈' },
];

export const videoItem = (over: Partial<VideoItem> = {}): VideoItem => ({
  id: 7,
  kind: 'video',
  title: '樱花树下的约定',
  author: '蓝钻动画',
  cover: '/uploads/videos/7.webp',
  category: VIDEO_CATEGORIES[0],
  tags: [],
  status: 1,
  unitCount: 1,
  latestUnit: null,
  viewCount: 12_345,
  duration: 8.04,
  price: 0,
  vip: false,
  ...over,
});

export const videoPage = (records: VideoItem[], nextCursor: string | null = null): VideoPage => ({
  records,
  total: records.length,
  size: records.length,
  current: 1,
  pages: 1,
  nextCursor,
});

export const videoProgress = (second: number, over: Partial<Progress> = {}): Progress => ({
  kind: 'video',
  workId: 7,
  unitId: 7,
  unitIndex: 1,
  unitTitle: '樱花树下的约定',
  position: { second },
  clientTime: Date.now() - 60_000,
  percent: 50,
  readTime: new Date(Date.now() - 3600_000).toISOString(),
  ...over,
});

export const videoDetail = (over: Partial<VideoDetail> = {}): VideoDetail => ({
  ...videoItem(),
  intro: '一段八秒的动画：樱花飘落，镜头缓缓推进。',
  unitId: 7,
  subscribed: false,
  progress: null,
  unlocked: true,
  src: '/api/v1/video/7/file?expires=1&sig=ab',
  locked: null,
  charged: 0,
  next: videoItem({ id: 8, title: '夏夜的烟火', price: 5 }),
  ...over,
});

/** A priced video the caller has not bought: no src, and what opening it takes. */
export const lockedVideo = (coinNum: number | null, over: Partial<VideoDetail> = {}): VideoDetail =>
  videoDetail({
    price: 5,
    unlocked: false,
    src: null,
    locked: { price: 5, vip: false, coinNum },
    ...over,
  });
