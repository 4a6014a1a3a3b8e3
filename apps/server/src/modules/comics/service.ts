import type { Episode, Panel } from '@ld/contract/comics';
import type { Deps } from '../../platform/deps.ts';
import { UPLOADS_PREFIX } from '../../platform/storage.ts';
import { openUnit } from '../content/public.ts';
import { threadCommentCounts } from '../square/public.ts';
import { panelImage } from './panel-art.ts';
import * as repo from './repository.ts';

/** Where an episode's comments live: one thread, slot 0 (docs/decisions/0033-paragraph-comments.md). */
export const episodeScope = (workId: number, episodeId: number) => `comic:${workId}:${episodeId}`;
/** Where the comments on the comic itself live (its detail page). */
export const comicScope = (workId: number) => `comic:${workId}`;

type PanelRow = Awaited<ReturnType<typeof repo.listPanels>>[number];

/** Generated panels this process knows are in storage: a read after the first costs no file check. */
const drawn = new Set<string>();
/** Panels being drawn now: concurrent first reads of an episode draw each panel once. */
const drawing = new Map<string, Promise<void>>();

/**
 * Generated demo panels are drawn into storage the first time their episode is opened (a first
 * start draws none; docs/decisions/0036-comics.md). A panel with a stored image is left alone.
 */
async function ensureDrawn(deps: Deps, episodeIdx: number, panels: PanelRow[]): Promise<void> {
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
    repo.listPanels(deps.db.kysely, Number(unit.id)),
    threadCommentCounts(deps, episodeScope(workId, episodeId), 1),
  ]);
  await ensureDrawn(deps, Number(unit.idx), panels);
  return {
    id: Number(unit.id),
    workId,
    index: Number(unit.idx),
    title: unit.title,
    panels: panels.map(toPanel),
    prevId: prev ? Number(prev.id) : null,
    nextId: next ? Number(next.id) : null,
    next: next
      ? {
          id: Number(next.id),
          title: next.title,
          price: Number(next.price),
          vip: Number(next.vip) === 1,
          unlocked: opened.nextUnlocked,
        }
      : null,
    commentCount,
    price: Number(unit.price),
    vip: Number(unit.vip) === 1,
    charged: opened.charged,
  };
}
