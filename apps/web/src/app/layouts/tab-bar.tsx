import type { ComponentType } from 'react';
import { useMatches } from 'react-router';
import { AnimateIcon, GamesIcon, HomeIcon, ProfileIcon, SquareIcon } from '../../shared/icons/tab-icons';
import { Link } from '../../shared/ui/link';
import type { RouteMeta } from '../route-meta';
import { pathOf } from '../routes';

interface Tab {
  label: string;
  name: string;
  Icon: ComponentType<{ active?: boolean }>;
}

/** The five tabs, in order (spec §2). */
export const TABS: Tab[] = [
  { label: '首页', name: 'home', Icon: HomeIcon },
  { label: '广场', name: 'square', Icon: SquareIcon },
  { label: '色漫', name: 'animate', Icon: AnimateIcon },
  { label: '游戏', name: 'games', Icon: GamesIcon },
  { label: '我的', name: 'profile', Icon: ProfileIcon },
];

/** The active tab is the one whose route name is among the matched routes, defaulting to the first. */
export function activeTabName(matchedNames: string[]): string {
  return TABS.find((t) => matchedNames.includes(t.name))?.name ?? TABS[0].name;
}

/**
 * The bottom tabs, as links: a tap goes to the tab's page at any moment, the browser's own
 * navigation before the app has hydrated and the router's after (docs/decisions/0050-one-rendering-path.md).
 */
export function TabBar() {
  const names = useMatches()
    .map((m) => (m.handle as RouteMeta | undefined)?.name)
    .filter((n): n is string => Boolean(n));
  const active = activeTabName(names);
  return (
    <nav className={`tab-bar${active === 'animate' ? ' tab-bar--animate' : ''}`} aria-label="主导航">
      {TABS.map(({ label, name, Icon }) => {
        const isActive = name === active;
        return (
          <Link
            key={name}
            to={pathOf(name)}
            className={`tab-bar__item${isActive ? ' is-active' : ''}`}
            aria-current={isActive ? 'page' : undefined}
          >
            <Icon active={isActive} />
            <span>{label}</span>
          </Link>
        );
      })}
    </nav>
  );
}
