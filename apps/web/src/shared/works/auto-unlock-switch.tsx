import { CURRENCY_NAME } from '../lib/brand';
import { usePutReadingSettings, useReadingSettings } from './api/reading-settings';

/**
 * 自动购买下一章 (or 下一话) beside a lock: turns auto-unlock on or off, keeping the daily cap
 * (DESIGN §13). Shown once the settings are read.
 */
export function AutoUnlockSwitch({ className, label }: { className: string; label: string }) {
  const settings = useReadingSettings();
  const save = usePutReadingSettings();
  const auto = settings.data?.autoUnlock;
  if (!auto) return null;
  return (
    <label className={className}>
      <input
        type="checkbox"
        checked={auto.enabled}
        onChange={(e) => save.mutate({ autoUnlock: { enabled: e.target.checked, dailyCap: auto.dailyCap } })}
      />
      {label}（每日上限 {auto.dailyCap} {CURRENCY_NAME}）
    </label>
  );
}
