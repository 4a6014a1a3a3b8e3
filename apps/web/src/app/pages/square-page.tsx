import { GiftStrip } from '../../features/gifts/components/gift-strip';
import { SquareHome } from '../../features/square/components/square-home';

/** 广场: the gift centre above the square's feeds. */
export default function SquarePage() {
  return <SquareHome top={<GiftStrip />} />;
}
