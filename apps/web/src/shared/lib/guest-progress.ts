import type { Position, WorkKind } from '@ld/contract/content';
import { http } from '../http/client';
import { local } from './local';

// A guest's reading progress (DESIGN §13): one entry per work in localStorage, written by the
// readers; at login it merges into the account (each entry PUT with its own clientTime, so the
// server keeps whichever is newer) and the local copy is dropped.

export interface GuestProgress {
  kind: WorkKind;
  workId: number;
  unitId: number;
  position: Position;
  clientTime: number;
}

const KEY = 'ld-guest-progress';

function readAll(): Record<string, GuestProgress> {
  try {
    const value = JSON.parse(local.get(KEY) ?? '{}') as unknown;
    return value && typeof value === 'object' ? (value as Record<string, GuestProgress>) : {};
  } catch {
    return {};
  }
}

const keyOf = (kind: WorkKind, workId: number) => `${kind}:${workId}`;

export const guestProgress = {
  get(kind: WorkKind, workId: number): GuestProgress | null {
    return readAll()[keyOf(kind, workId)] ?? null;
  },
  save(entry: GuestProgress): void {
    const all = readAll();
    all[keyOf(entry.kind, entry.workId)] = entry;
    local.set(KEY, JSON.stringify(all));
  },
  all(): GuestProgress[] {
    return Object.values(readAll());
  },
  clear(): void {
    local.remove(KEY);
  },
};

/**
 * Sends every guest entry to the account just logged in (called once the session is stored);
 * answers how many there were.
 * Entries the server refuses (a work since removed) are dropped too: they cannot merge later either.
 */
export async function mergeGuestProgress(): Promise<number> {
  const entries = guestProgress.all();
  if (entries.length === 0) return 0;
  guestProgress.clear();
  await Promise.allSettled(
    entries.map((entry) =>
      http.putJson('/v1/progress', { ...entry, position: { ...entry.position } }, { quiet: true }),
    ),
  );
  return entries.length;
}
