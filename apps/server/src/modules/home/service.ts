import type { CursorPage } from '@ld/contract/envelope';
import type { Game } from '@ld/contract/games';
import type {
  Home,
  HomeSection,
  SearchAnswer,
  SearchGroup,
  SearchItem,
  SearchQuery,
  SuggestAnswer,
} from '@ld/contract/home';
import {
  HOME_ENTRIES,
  HOME_LIMITS,
  itemPath,
  SEARCH_KIND_TEXT,
  SEARCH_KINDS,
  SECTION_MORE,
  type SearchKind,
} from '@ld/contract/home-values';
import type { Post } from '@ld/contract/square';
import type { Deps } from '../../platform/deps.ts';
import { listWorks } from '../content/public.ts';
import { listGames } from '../games/public.ts';
import { findPosts } from '../square/public.ts';
import * as repo from './repository.ts';

// Home and the search across every kind read the other modules through their public.ts only
// (docs/decisions/0016-module-boundaries.md); this module owns only what operators set for the
// home (its banners and the order and titles of its sections: home_banners, home_sections).

/** A post's title: the start of its first line. */
const POST_TITLE_MAX = 40;
function postTitle(content: string): string {
  const line = content.trim().split(/\r?\n/, 1)[0] ?? '';
  const chars = [...line];
  return chars.length > POST_TITLE_MAX ? `${chars.slice(0, POST_TITLE_MAX).join('')}…` : line;
}

const gameItem = (g: Game): SearchItem => ({
  kind: 'game',
  id: g.appID,
  title: g.name,
  cover: g.icon,
  subtitle: g.typeName,
  path: itemPath('game', g.appID),
});
const postItem = (p: Post): SearchItem => ({
  kind: 'post',
  id: p.id,
  title: postTitle(p.content),
  cover: p.images[0] ?? null,
  subtitle: p.author.name,
  path: itemPath('post', p.id),
});

interface Window {
  keyword?: string;
  cursor?: string;
  pageSize: number;
}
type ItemPage = Pick<CursorPage<SearchItem>, 'records' | 'total' | 'nextCursor'>;

/** One kind's items, hottest first, through the owner's list. */
async function pageOf(deps: Deps, kind: SearchKind, w: Window): Promise<ItemPage> {
  const paging = { currentPage: 1, pageSize: w.pageSize, cursor: w.cursor };
  switch (kind) {
    case 'game': {
      const page = await listGames(deps, null, { ...paging, keyword: w.keyword, type: undefined });
      return { ...page, records: page.records.map(gameItem) };
    }
    case 'post': {
      const page = await findPosts(deps, { ...paging, keyword: w.keyword, sort: 1 });
      return { ...page, records: page.records.map(postItem) };
    }
    default: {
      const page = await listWorks(deps, kind, {
        ...paging,
        keyword: w.keyword,
        sort: 1,
        category: undefined,
      });
      return {
        ...page,
        records: page.records.map((work) => ({
          kind,
          id: work.id,
          title: work.title,
          cover: work.cover,
          subtitle: work.author,
          path: itemPath(kind, work.id),
        })),
      };
    }
  }
}

/** The home answer is the same for everyone, so one process builds it at most this often. */
export const HOME_CACHE_MS = 10_000;
export const HOME_CACHE_KEY = 'home:v1';
/** What the home shows: a change to any of these drops its cached answer. */
export const HOME_TOPICS = ['home', 'games', 'comics', 'novels', 'videos', 'square', 'profiles'] as const;

export async function buildHome(deps: Deps): Promise<Home> {
  const db = deps.db.kysely;
  const [banners, rows] = await Promise.all([repo.listActiveBanners(db), repo.listSections(db)]);
  const shown = rows.filter(
    (r): r is typeof r & { kind: SearchKind } =>
      r.is_active === 1 && (SEARCH_KINDS as readonly string[]).includes(r.kind),
  );
  const pages = await Promise.all(
    shown.map((row) =>
      pageOf(deps, row.kind, { pageSize: row.kind === 'post' ? 4 : HOME_LIMITS.sectionSize }),
    ),
  );
  const sections: HomeSection[] = [];
  shown.forEach((row, i) => {
    // A kind with nothing to show is absent, never a placeholder.
    if (pages[i].records.length === 0) return;
    sections.push({
      kind: row.kind,
      title: row.title,
      more: SECTION_MORE[row.kind],
      items: pages[i].records,
    });
  });
  return {
    banners: banners.map((b) => ({ image: b.image, alt: b.alt, to: b.link })),
    entries: HOME_ENTRIES.map((e) => ({ ...e })),
    sections,
  };
}

/** GET /api/v1/home: built at most every HOME_CACHE_MS (shared through deps.cache). */
export async function getHome(deps: Deps): Promise<Home> {
  const cached = await deps.cache.get(HOME_CACHE_KEY);
  if (cached) return JSON.parse(cached) as Home;
  const home = await buildHome(deps);
  await deps.cache.set(HOME_CACHE_KEY, JSON.stringify(home), HOME_CACHE_MS);
  return home;
}

const groupOf = (kind: SearchKind, page: ItemPage): SearchGroup => ({
  kind,
  title: SEARCH_KIND_TEXT[kind],
  total: page.total,
  items: page.records,
  nextCursor: page.nextCursor,
});

/**
 * Over every kind: the first HOME_LIMITS.groupSize matches of each kind that has any. With
 * `kind`: one page of that kind (by `cursor`), answered even when empty.
 */
export async function search(deps: Deps, query: SearchQuery): Promise<SearchAnswer> {
  const { keyword, kind } = query;
  if (kind) {
    const page = await pageOf(deps, kind, { keyword, cursor: query.cursor, pageSize: query.pageSize });
    return { keyword, groups: [groupOf(kind, page)] };
  }
  const pages = await Promise.all(
    SEARCH_KINDS.map((k) => pageOf(deps, k, { keyword, pageSize: HOME_LIMITS.groupSize })),
  );
  return {
    keyword,
    groups: SEARCH_KINDS.map((k, i) => groupOf(k, pages[i])).filter((g) => g.items.length > 0),
  };
}

/** Titles suggested as you type: games and works (posts have no titles), two of each kind at most. */
const SUGGEST_KINDS: SearchKind[] = ['game', 'comic', 'novel', 'video'];
export async function suggest(deps: Deps, keyword: string): Promise<SuggestAnswer> {
  const pages = await Promise.all(SUGGEST_KINDS.map((k) => pageOf(deps, k, { keyword, pageSize: 2 })));
  return { items: pages.flatMap((p) => p.records).slice(0, HOME_LIMITS.suggestMax) };
}
