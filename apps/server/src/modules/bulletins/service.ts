import type { Bulletin } from '@ld/contract/messages';
import { toIso } from '../../platform/clock.ts';
import type { Deps } from '../../platform/deps.ts';
import { cleanServerHtml } from '../../platform/server-html.ts';
import * as repo from './repository.ts';

/**
 * The newest active bulletin of the position, or null when there is none to show. Its HTML is
 * cleaned here, as it is served, so rows written by any path (seed, console, SQL) are safe.
 */
export async function currentBulletin(deps: Deps, posType: number): Promise<Bulletin | null> {
  const row = await repo.findNewestActive(deps.db.kysely, posType);
  return row
    ? {
        id: row.id,
        title: row.title,
        createTime: toIso(row.created_at),
        content: cleanServerHtml(row.content),
      }
    : null;
}
