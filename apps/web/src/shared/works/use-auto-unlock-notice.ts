import type { WorkKind } from '@ld/contract/content';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { CURRENCY_NAME } from '../lib/brand';
import { useAccountStore } from '../stores/account';
import { toast } from '../ui/toast-store';
import { worksKeys } from './api/keys';

// Units bought by auto-unlock already announced (a cached answer is not a second purchase).
const announced = new Set<string>();

/**
 * Auto-unlock bought a unit on opening (`charged` > 0 in its answer): says so once — 已自动购买本章，
 * 花费 5 蓝钻 — and reads the balance and today's spend again. `what` names the unit in the toast.
 */
export function useAutoUnlockNotice(
  kind: WorkKind,
  units: ReadonlyArray<{ id: number; charged: number; what: string }>,
): void {
  const queryClient = useQueryClient();
  const uid = useAccountStore((s) => s.account.uid);
  useEffect(() => {
    for (const unit of units) {
      const key = `${kind}:${unit.id}`;
      if (unit.charged <= 0 || announced.has(key)) continue;
      announced.add(key);
      toast.success(`已自动购买${unit.what}，花费 ${unit.charged} ${CURRENCY_NAME}`);
      void queryClient.invalidateQueries({ queryKey: ['user', 'status'] });
      void queryClient.invalidateQueries({ queryKey: worksKeys.settings(uid) });
    }
  });
}
