import { ErrorState, Loading } from '../../../shared/ui/states';
import { useGameGifts } from '../api/get-game-gifts';
import { GiftPackCard } from './gift-pack-card';
import './game-gifts.css';

/** 游戏礼包 on a game's page: its packs with stock and the caller's codes; nothing when it has none. */
export function GameGifts({ appID }: { appID: number }) {
  const gifts = useGameGifts(appID);
  if (gifts.isPending) return <Loading text="礼包加载中…" />;
  if (gifts.isError) return <ErrorState text="礼包加载失败" onRetry={() => gifts.refetch()} />;
  if (gifts.data.length === 0) return null;
  return (
    <section className="game-gifts" aria-labelledby="game-gifts">
      <h2 id="game-gifts">游戏礼包</h2>
      <ul className="game-gifts__list">
        {gifts.data.map((pack) => (
          <li key={pack.id}>
            <GiftPackCard pack={pack} />
          </li>
        ))}
      </ul>
    </section>
  );
}
