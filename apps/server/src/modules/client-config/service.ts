import { type ConfigItem, ConfigKey, isPhoneAutoRegister } from '@ld/contract/client-config';
import type { CursorPage, PageQuery } from '@ld/contract/envelope';
import type { Config } from '../../config.ts';
import type { Deps } from '../../platform/deps.ts';
import { cursorPage, windowOf } from '../../platform/paging.ts';
import * as repo from './repository.ts';

/**
 * Values the deployment sets in its environment. The first three override rows of the table
 * (an operator's env is the stronger statement); the rest exist only in the environment.
 */
export function fromEnvironment(config: Config): ConfigItem[] {
  const items: Array<[string, string | undefined]> = [
    [ConfigKey.bundleUrl, config.bundleUrl],
    [ConfigKey.packageUrl, config.packageUrl],
    [ConfigKey.phoneLoginAutoRegister, config.phoneLoginAutoRegister],
    [ConfigKey.appTitle, config.appTitle],
    [ConfigKey.currencyName, config.currencyName],
    [ConfigKey.contactUrl, config.contactUrl],
    [ConfigKey.businessEmail, config.businessEmail],
  ];
  return items
    .filter((i): i is [string, string] => i[1] !== undefined)
    .map(([key, value]) => ({ key, value }));
}

/** The whole client config: table rows merged with the environment, sorted by key. */
export async function clientConfig(deps: Deps): Promise<ConfigItem[]> {
  const merged = new Map<string, string>();
  for (const row of await repo.listConfigRows(deps.db.kysely)) merged.set(row.key, row.value);
  for (const item of fromEnvironment(deps.config)) merged.set(item.key, item.value);
  return [...merged.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, value]) => ({ key, value }));
}

/**
 * The config list is merged and sorted in memory (a few dozen keys), so its cursor records the
 * position after the last key served; page numbers are bounded like every list's.
 */
export async function clientConfigPage(deps: Deps, q: PageQuery): Promise<CursorPage<ConfigItem>> {
  const window = windowOf(q, 'config');
  const all = await clientConfig(deps);
  const start = window.after ? Math.max(0, window.after.id) : window.offset;
  const rows = all.slice(start, start + window.limit).map((item, i) => ({ item, position: start + i + 1 }));
  return cursorPage(
    rows,
    all.length,
    q,
    'config',
    (r) => ({ value: r.position, id: r.position }),
    (kept) => kept.map((r) => r.item),
  );
}

/** Whether phone login registers unknown numbers; the server enforces what the client is told. */
export async function isPhoneAutoRegisterOn(deps: Deps): Promise<boolean> {
  const value =
    deps.config.phoneLoginAutoRegister ??
    (await repo.findConfigValue(deps.db.kysely, ConfigKey.phoneLoginAutoRegister));
  return isPhoneAutoRegister(value === undefined ? [] : [{ key: ConfigKey.phoneLoginAutoRegister, value }]);
}
