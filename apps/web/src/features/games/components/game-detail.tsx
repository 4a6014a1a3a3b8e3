import { PLATFORM_NAMES, PlatformType, type PlatformTypeValue } from '@ld/contract/games-values';
import { formatDate } from '@ld/contract/relative-time';
import type { ReactNode } from 'react';
import { useUserStatus } from '../../../shared/api/get-user-status';
import { ApiError } from '../../../shared/http/client';
import { CURRENCY_NAME } from '../../../shared/lib/brand';
import { formatCount, formatSize } from '../../../shared/lib/format';
import { ErrorState, Loading, NotThere } from '../../../shared/ui/states';
import { useGameDetail } from '../api/get-game-detail';
import { useGameDownload } from '../lib/use-game-download';
import { PriceBadge } from './price-badge';
import { Screenshots } from './screenshots';
import './game-detail.css';
import { Image } from '../../../shared/ui/image';

function NoSuchGame() {
  return <NotThere text="没有找到这个游戏，可能已经下架" to="/games" label="去游戏中心看看" />;
}

interface GameDetailProps {
  /** The game's appID, as the route `detail/:id` carries it (anything else shows 没有找到). */
  appID: number;
  /** Shown between the description and the download buttons once the game is loaded (its gift packs). */
  children?: ReactNode;
}

/** 游戏 detail: media, facts, description and the download buttons; the page adds its gift packs. */
export function GameDetail({ appID, children }: GameDetailProps) {
  const detail = useGameDetail(Number.isInteger(appID) ? appID : 0);
  const status = useUserStatus().data;
  const { start, isPending } = useGameDownload();

  if (!Number.isInteger(appID) || appID <= 0) return <NoSuchGame />;
  if (detail.isPending) return <Loading />;
  if (detail.error instanceof ApiError && detail.error.status === 404) return <NoSuchGame />;
  if (detail.isError)
    return <ErrorState text="游戏加载失败，请检查网络后重试" onRetry={() => detail.refetch()} />;

  const game = detail.data;
  const isMember = status?.isMember ?? false;
  const isFree = game.onlineType === 0 || game.buyAmount <= 0;

  let priceLine: string;
  if (isFree) priceLine = '免费游戏，无需登录即可下载';
  else if (game.purchased) priceLine = '已购买，可随时免费再次下载';
  else if (isMember && game.memberFree) priceLine = `会员免费下载（原价 ${game.buyAmount}${CURRENCY_NAME}）`;
  else priceLine = `下载需 ${game.buyAmount}${CURRENCY_NAME}${game.memberFree ? '，会员免费' : ''}`;

  return (
    <div className="game-detail">
      <header className="game-detail__head">
        <Image
          className="game-detail__icon"
          src={game.icon}
          alt={game.name}
          width={76}
          height={76}
          displayWidth={76}
          priority
        />
        <div className="game-detail__title">
          <h2>{game.name}</h2>
          <div className="game-detail__tags">
            <span className="game-detail__type">{game.typeName}</span>
            {game.tags.map((tag) => (
              <span key={tag}>{tag}</span>
            ))}
          </div>
          <div className="game-detail__price">
            <PriceBadge game={game} isMember={isMember} />
            <span>{priceLine}</span>
          </div>
        </div>
      </header>

      <dl className="game-detail__facts">
        <div>
          <dt>版本</dt>
          <dd>{game.version}</dd>
        </div>
        <div>
          <dt>大小</dt>
          <dd>{formatSize(game.size)}</dd>
        </div>
        <div>
          <dt>下载</dt>
          <dd>{formatCount(game.downloadCount)}次</dd>
        </div>
        <div>
          <dt>更新</dt>
          <dd>{formatDate(new Date(game.updateTime))}</dd>
        </div>
      </dl>

      <Screenshots name={game.name} images={game.screenshots} />

      <section className="game-detail__section" aria-labelledby="game-intro">
        <h2 id="game-intro">游戏简介</h2>
        <p className="game-detail__desc">{game.description}</p>
      </section>

      {children}

      <div className="game-detail__actions">
        {([PlatformType.android, PlatformType.ios] as PlatformTypeValue[]).map((platform) => {
          const available = game.platforms.includes(platform);
          return (
            <button
              key={platform}
              type="button"
              className={`btn btn--primary game-detail__download game-detail__download--${platform === PlatformType.ios ? 'ios' : 'android'}`}
              disabled={!available || isPending}
              onClick={() => start(game, platform)}
            >
              {available ? `${PLATFORM_NAMES[platform]} 立即下载` : `暂无${PLATFORM_NAMES[platform]}版`}
            </button>
          );
        })}
      </div>
    </div>
  );
}
