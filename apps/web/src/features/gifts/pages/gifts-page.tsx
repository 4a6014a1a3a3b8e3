import type { MyGift } from '@ld/contract/gifts';
import { formatDateTime } from '@ld/contract/relative-time';
import { copyText } from '../../../shared/lib/copy-text';
import { Link } from '../../../shared/ui/link';
import { PagedList } from '../../../shared/ui/paged-list';
import { useMyGifts } from '../api/get-my-gifts';
import './gifts-page.css';
import { Image } from '../../../shared/ui/image';

function MyGiftRow({ gift }: { gift: MyGift }) {
  return (
    <article className="my-gift">
      <Link to={`/detail/${gift.appID}`} className="my-gift__game">
        <Image src={gift.gameIcon} alt={gift.gameName} width={44} height={44} loading="lazy" />
        <span className="my-gift__names">
          <strong>{gift.packTitle}</strong>
          <span>{gift.gameName}</span>
        </span>
      </Link>
      <p className="my-gift__content">{gift.content}</p>
      <div className="my-gift__code">
        <span>
          礼包码：<strong>{gift.code}</strong>
        </span>
        <button type="button" onClick={() => void copyText(gift.code)}>
          复制
        </button>
      </div>
      <p className="my-gift__time">领取于 {formatDateTime(gift.claimTime)}，复制后到游戏内兑换</p>
    </article>
  );
}

/** 奖励礼包: every code the user claimed, each with a copy button. */
export default function GiftsPage() {
  const query = useMyGifts();
  return (
    <div className="gifts-page">
      <PagedList
        query={query}
        itemKey={(g) => g.id}
        renderItem={(g) => <MyGiftRow gift={g} />}
        emptyText="还没有领取过礼包，去游戏详情页或广场的礼包中心领取吧"
        emptyAction={
          <Link to="/square" className="btn btn--ghost">
            去礼包中心
          </Link>
        }
      />
    </div>
  );
}
