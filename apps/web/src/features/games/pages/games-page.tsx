import type { Game } from '@ld/contract/games';
import { useNavigate, useParams } from 'react-router';
import { useUserStatus } from '../../../shared/api/get-user-status';
import { useDebounced } from '../../../shared/hooks/use-debounced';
import { useSessionState } from '../../../shared/hooks/use-session-state';
import { useSwipe } from '../../../shared/hooks/use-swipe';
import type { FirstDataArgs, FirstQuery } from '../../../shared/lib/first-queries';
import { PagedList } from '../../../shared/ui/paged-list';
import { type TabItem, Tabs } from '../../../shared/ui/tabs';
import { gameTypesQuery, useGameTypes } from '../api/get-game-types';
import { gamesQuery, useGames } from '../api/get-games';
import { GameCard, type GameCardLayout } from '../components/game-card';
import './games-page.css';

/** Cards whose icons show on a 390×844 phone before any scrolling: they load first (issue 11). */
const ABOVE_THE_FOLD: Record<GameCardLayout, number> = { grid: 4, list: 6 };
/** The cards a page the server rendered holds until it has painted: those, and the row below. */
const FIRST_SCREEN: Record<GameCardLayout, number> = { grid: 6, list: 7 };

const ALL = 'all';

function GridIcon() {
  return (
    <svg width="1.125rem" height="1.125rem" viewBox="0 0 18 18" aria-hidden="true">
      <rect x="2" y="2" width="6" height="6" rx="1.5" fill="currentColor" />
      <rect x="10" y="2" width="6" height="6" rx="1.5" fill="currentColor" />
      <rect x="2" y="10" width="6" height="6" rx="1.5" fill="currentColor" />
      <rect x="10" y="10" width="6" height="6" rx="1.5" fill="currentColor" />
    </svg>
  );
}

function ListIcon() {
  return (
    <svg width="1.125rem" height="1.125rem" viewBox="0 0 18 18" aria-hidden="true">
      <rect x="2" y="3" width="14" height="3" rx="1.5" fill="currentColor" />
      <rect x="2" y="7.5" width="14" height="3" rx="1.5" fill="currentColor" />
      <rect x="2" y="12" width="14" height="3" rx="1.5" fill="currentColor" />
    </svg>
  );
}

/** The category (`:type`, digits) of the address, or undefined for 全部. */
const typeOf = (type: string | undefined) => (type && /^\d+$/.test(type) ? Number(type) : undefined);

/** The first screen: the tabs and the first page of the address's category, not searched. */
export const firstQueries = ({ params, uid }: FirstDataArgs): FirstQuery[] => [
  gameTypesQuery(),
  gamesQuery({ type: typeOf(params.type), keyword: '' }, uid),
];

/** 游戏: category tabs (the `:type` param), search, and a two-column grid or a list of games. */
export default function GamesPage() {
  const { type } = useParams();
  const navigate = useNavigate();
  const types = useGameTypes();
  const isMember = useUserStatus().data?.isMember ?? false;
  // Kept for the session: back from a game shows the same list, from the cache, where it was.
  const [keyword, setKeyword] = useSessionState('games.keyword', '');
  const [layout, setLayout] = useSessionState<GameCardLayout>('games.layout', 'grid');
  const searched = useDebounced(keyword.trim(), 400);
  const typeId = typeOf(type);
  const games = useGames({ type: typeId, keyword: searched });

  const tabs: TabItem<string>[] = [
    { key: ALL, label: '全部' },
    ...(types.data ?? []).map((t) => ({ key: String(t.id), label: t.name })),
  ];
  const keys = tabs.map((t) => t.key);
  const activeKey = typeId === undefined ? ALL : String(typeId);
  const select = (key: string) => navigate(key === ALL ? '/games' : `/games/${key}`, { replace: true });
  const swipe = useSwipe((step) => {
    const next = keys[keys.indexOf(activeKey) + step];
    if (next) select(next);
  });

  return (
    <div className="games-page">
      <div className="games-page__bar">
        <div className="games-page__tabs">
          <Tabs label="游戏分类" items={tabs} active={activeKey} onChange={select} />
        </div>
        <div className="games-page__tools">
          <label className="games-page__search">
            <svg width="1rem" height="1rem" viewBox="0 0 16 16" aria-hidden="true">
              <circle cx="7" cy="7" r="5" fill="none" stroke="currentColor" strokeWidth="1.8" />
              <path d="m11 11 3.5 3.5" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
            </svg>
            <input
              type="search"
              aria-label="搜索游戏"
              placeholder="搜索游戏名称"
              value={keyword}
              maxLength={32}
              onChange={(e) => setKeyword(e.target.value)}
            />
          </label>
          <button
            type="button"
            className="games-page__layout"
            aria-label={layout === 'grid' ? '切换为列表' : '切换为网格'}
            onClick={() => setLayout(layout === 'grid' ? 'list' : 'grid')}
          >
            {layout === 'grid' ? <ListIcon /> : <GridIcon />}
          </button>
        </div>
      </div>
      <div className="games-page__list" {...swipe}>
        <PagedList<Game>
          query={games}
          className={`games-list games-list--${layout}`}
          itemKey={(g) => g.id}
          renderItem={(g, i) => (
            <GameCard game={g} layout={layout} isMember={isMember} priority={i < ABOVE_THE_FOLD[layout]} />
          )}
          firstScreen={FIRST_SCREEN[layout]}
          emptyText={
            searched
              ? `没有找到“${searched}”相关的游戏，换个关键词试试`
              : '这个分类还没有游戏，去看看别的分类吧'
          }
        />
      </div>
    </div>
  );
}
