import type { GiftPack } from '@ld/contract/gifts';
import { formatDateTime } from '@ld/contract/relative-time';
import { useState } from 'react';
import { useGoToLogin } from '../../../shared/hooks/use-go-to-login';
import { copyText } from '../../../shared/lib/copy-text';
import { useIsLoggedIn } from '../../../shared/stores/account';
import { toast } from '../../../shared/ui/toast-store';
import { useClaimGift } from '../api/claim-gift';
import { packView } from '../lib/pack-view';
import './gift-pack-card.css';

/** One gift pack: what it gives, its window and stock, and 领取 / the claimed code with 复制. */
export function GiftPackCard({ pack }: { pack: GiftPack }) {
  const isLoggedIn = useIsLoggedIn();
  const goToLogin = useGoToLogin();
  const claim = useClaimGift();
  const [claimedCode, setClaimedCode] = useState<string | null>(null);
  const view = packView(pack, claimedCode);

  const onClaim = () => {
    if (!isLoggedIn) {
      goToLogin();
      return;
    }
    claim.mutate(pack.id, {
      onSuccess: ({ code }) => {
        setClaimedCode(code);
        toast.success('领取成功，复制礼包码到游戏内兑换');
      },
    });
  };

  return (
    <article className="gift-card" aria-label={pack.title}>
      <div className="gift-card__head">
        <h3 className="gift-card__title">{pack.title}</h3>
        {view.action === 'claim' && (
          <button type="button" className="gift-card__claim" onClick={onClaim} disabled={claim.isPending}>
            {claim.isPending ? '领取中…' : '领取'}
          </button>
        )}
        {view.action === 'none' && (
          <span className={`gift-card__state gift-card__state--${pack.status}`}>{view.label}</span>
        )}
      </div>
      <p className="gift-card__content">{pack.content}</p>
      <p className="gift-card__window">
        领取时间：{formatDateTime(pack.startTime)} 至 {formatDateTime(pack.endTime)}
      </p>
      <div className="gift-card__stock">
        <div
          className="gift-card__bar"
          role="progressbar"
          aria-label="剩余库存"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={view.percentLeft}
        >
          <span style={{ width: `${view.percentLeft}%` }} />
        </div>
        <span className="gift-card__left">
          剩余 {pack.remaining}/{pack.total}
        </span>
      </div>
      {view.code && (
        <div className="gift-card__code">
          <span>
            礼包码：<strong>{view.code}</strong>
          </span>
          <button type="button" className="gift-card__copy" onClick={() => void copyText(view.code ?? '')}>
            复制
          </button>
        </div>
      )}
    </article>
  );
}
