import {
  DEFAULT_READER,
  type ReaderMode,
  type ReaderTheme,
  type ReadingSettings,
  type ReadingSettingsBody,
} from '@ld/contract/content';
import type { Deps } from '../../platform/deps.ts';
import { spentSince } from '../purchases/public.ts';
import { shanghaiDayStart, UNIT_PURCHASE_KINDS } from './kinds.ts';
import * as repo from './repository.ts';

// Reading settings: auto-unlock with its daily cap and today's spend, and the reader's preferences.

const DEFAULT_DAILY_CAP = 100;

export async function getSettings(deps: Deps, userId: number): Promise<ReadingSettings> {
  const db = deps.db.kysely;
  const [row, todaySpent] = await Promise.all([
    repo.findSettings(db, userId),
    spentSince(db, userId, UNIT_PURCHASE_KINDS, shanghaiDayStart(deps.clock.now())),
  ]);
  return {
    autoUnlock: {
      enabled: row ? Number(row.auto_unlock) === 1 : false,
      dailyCap: row ? Number(row.daily_cap) : DEFAULT_DAILY_CAP,
      todaySpent,
    },
    reader: row
      ? {
          fontSize: Number(row.font_size),
          lineHeight: Number(row.line_height) / 10,
          theme: row.theme as ReaderTheme,
          mode: row.mode as ReaderMode,
        }
      : DEFAULT_READER,
  };
}

/** Changes the parts sent; the rest stays as it was. */
export async function putSettings(
  deps: Deps,
  userId: number,
  body: ReadingSettingsBody,
): Promise<ReadingSettings> {
  const current = await getSettings(deps, userId);
  const autoUnlock = body.autoUnlock ?? current.autoUnlock;
  const reader = { ...current.reader, ...body.reader };
  await repo.saveSettings(deps.db.kysely, {
    user_id: userId,
    auto_unlock: autoUnlock.enabled ? 1 : 0,
    daily_cap: autoUnlock.dailyCap,
    font_size: reader.fontSize,
    line_height: Math.round(reader.lineHeight * 10),
    theme: reader.theme,
    mode: reader.mode,
    updated_at: deps.clock.now(),
  });
  return getSettings(deps, userId);
}
