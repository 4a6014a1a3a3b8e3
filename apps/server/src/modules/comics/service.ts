import type { Episode, Panel } from '@ld/contract/comics';
import type { Deps } from '../../platform/deps.ts';
import { type Storage, UPLOADS_PREFIX } from '../../platform/storage.ts';
import { openUnit } from '../content/public.ts';
import { threadCommentCounts } from '../square/public.ts';
import { panelImage } from './panel-art.ts';
import * as repo from './repository.ts';

/** Where an episode's comments live: one thread, slot 0 (docs/decisions/0033-paragraph-comments.md). */
export const episodeScope = (workId: number, episodeId: number) => `comic:${workId}:${episodeId}`;
/** Where the comments on the comic itself live (its detail page). */
export const comicScope = (workId: number) => `comic:${workId}`;

type PanelRow = Awaited<ReturnType<typeof repo.listPanels>>[number];

/**
 * An episode's panels, lately read, newest last. The episode answer is the comic reader's hot
 * path: with this it costs the shared unit checks and the comment count, not one more query
 * (`npm run bench` comics). An operator reordering pages announces `comics`, which drops it in
 * every process (`forgetPanels`, subscribed in routes.ts; docs/decisions/0059).
 */
const panelsRead = new WeakMap<Deps['db'], Map<number, PanelRow[]>>();
const PANELS_KEPT = 1024;

/** Drops this process's copy of every episode's panels (a change in any process). */
export function forgetPanels(deps: Deps): void {
  panelsRead.get(deps.db)?.clear();
}

async function panelsOf(deps: Deps, unitId: number): Promise<PanelRow[]> {
  // Per database: tests run several apps, each with its own unit ids, in one process.
  let read = panelsRead.get(deps.db);
  if (!read) {
    read = new Map();
    panelsRead.set(deps.db, read);
  }
  let rows = read.get(unitId);
  if (rows) read.delete(unitId);
  else rows = await repo.listPanels(deps.db.kysely, unitId);
  read.set(unitId, rows);
  if (read.size > PANELS_KEPT) read.delete(read.keys().next().value as number);
  return rows;
}

/**
 * Per storage (tests run several apps in one process): the generated panels this process knows
 * are stored, so a read after the first costs no file check, and the panels being drawn now, so
 * concurrent first reads of an episode draw each panel once.
 */
const known = new WeakMap<Storage, { drawn: Set<string>; drawing: Map<string, Promise<void>> }>();

/**
 * Generated demo panels are drawn into storage the first time their episode is opened (a first
 * start draws none; docs/decisions/0036-comics.md). A panel with a stored image is left alone.
 */
async function ensureDrawn(deps: Deps, episodeIdx: number, panels: PanelRow[]): Promise<void> {
  let state = known.get(deps.storage);
  if (!state) {
    state = { drawn: new Set(), drawing: new Map() };
    known.set(deps.storage, state);
  }
  const { drawn, drawing } = state;
  await Promise.all(
    panels.map(async (panel) => {
      const key = panel.image_key;
      if (panel.seed === null || drawn.has(key)) return;
      let pending = drawing.get(key);
      if (!pending) {
        pending = (async () => {
          if (!(await deps.storage.exists(key))) {
            const bytes = await panelImage({
              seed: Number(panel.seed),
              episodeIdx,
              panelIdx: Number(panel.idx),
              height: Number(panel.height),
            });
            await deps.storage.put(key, bytes);
          }
          drawn.add(key);
        })().finally(() => drawing.delete(key));
        drawing.set(key, pending);
      }
      await pending;
    }),
  );
}

const toPanel = (row: PanelRow): Panel => ({
  url: `${UPLOADS_PREFIX}${row.image_key}`,
  width: Number(row.width),
  height: Number(row.height),
});

/**
 * GET /api/v1/comic/{id}/episode/{eid}: the panels when the episode is open to the caller (free,
 * bought, a member on a VIP episode, or bought now by auto-unlock), else code 1005.
 */
export async function readEpisode(
  deps: Deps,
  userId: number | null,
  workId: number,
  episodeId: number,
): Promise<Episode> {
  const opened = await openUnit(deps, 'comic', userId, workId, episodeId);
  const { unit, prev, next } = opened;
  const [panels, [commentCount]] = await Promise.all([
    panelsOf(deps, Number(unit.id)),
    threadCommentCounts(deps, episodeScope(workId, episodeId), 1),
  ]);
  await ensureDrawn(deps, Number(unit.idx), panels);
  return {
    id: Number(unit.id),
    workId,
    index: Number(unit.idx),
    title: unit.title,
    panels: panels.map(toPanel),
    prevId: prev?.id ?? null,
    nextId: next?.id ?? null,
    prev,
    next,
    commentCount,
    price: Number(unit.price),
    vip: Number(unit.vip) === 1,
    charged: opened.charged,
  };
}
