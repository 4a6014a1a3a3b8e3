import type { AdminGameType } from '@ld/contract/admin/games';
import { useCustom } from '@refinedev/core';

/** The game types (the portal's tabs), as select options; `query` for loading and errors. */
export function useGameTypes() {
  const { query } = useCustom<AdminGameType[]>({ url: '/game-types', method: 'get' });
  const types = query.data?.data ?? [];
  return {
    query,
    types,
    options: types.map((t) => ({ value: t.id, label: t.name })),
  };
}
