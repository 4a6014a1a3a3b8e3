import { SquareSort } from '@ld/contract/square-values';
import { giftCenterQuery } from '../../features/gifts/api/get-gift-center';
import { GiftStrip } from '../../features/gifts/components/gift-strip';
import { postsQuery } from '../../features/square/api/get-posts';
import { tagsQuery } from '../../features/square/api/get-tags';
import { SquareHome } from '../../features/square/components/square-home';
import type { FirstDataArgs, FirstQuery } from '../../shared/lib/first-queries';

/** The first screen: the gift centre, the tags and the first page of the 热门 feed. */
export const firstQueries = ({ uid }: FirstDataArgs): FirstQuery[] => [
  giftCenterQuery(uid),
  tagsQuery(),
  postsQuery(uid, { sort: SquareSort.hot, tagId: null, keyword: '' }),
];

/** 广场: the gift centre above the square's feeds. */
export default function SquarePage() {
  return <SquareHome top={<GiftStrip />} />;
}
