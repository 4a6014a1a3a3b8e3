import type { Game } from '@ld/contract/games';
import { formatCount, formatSize } from '../../../shared/lib/format';
import { Link } from '../../../shared/ui/link';
import { PriceBadge } from './price-badge';
import './game-card.css';
import { Image } from '../../../shared/ui/image';
import { ICON_WIDTH } from '../lib/icon-sizes';

export type GameCardLayout = 'grid' | 'list';

/**
 * A game in the list: icon, name, tags, size, downloads and the price badge; tapping opens the
 * detail. `priority` for the cards above the fold: their icons load at once.
 */
export function GameCard({
  game,
  layout,
  isMember,
  priority = false,
}: {
  game: Game;
  layout: GameCardLayout;
  isMember: boolean;
  priority?: boolean;
}) {
  return (
    <Link to={`/detail/${game.appID}`} className={`game-card game-card--${layout}`}>
      <Image
        className="game-card__icon"
        src={game.icon}
        alt={game.name}
        displayWidth={ICON_WIDTH[layout]}
        priority={priority}
        width={96}
        height={96}
      />
      <div className="game-card__body">
        <h3 className="game-card__name">{game.name}</h3>
        <div className="game-card__tags">
          {game.tags.slice(0, layout === 'grid' ? 2 : 3).map((tag) => (
            <span key={tag}>{tag}</span>
          ))}
        </div>
        <div className="game-card__meta">
          {formatSize(game.size)} · {formatCount(game.downloadCount)}次下载
        </div>
      </div>
      <div className="game-card__badge">
        <PriceBadge game={game} isMember={isMember} />
      </div>
    </Link>
  );
}
