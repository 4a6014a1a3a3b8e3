import type { ConfigItem } from '@ld/contract/client-config';
import { ConfigKey } from '@ld/contract/defaults';
import type { Page } from '@ld/contract/envelope';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../http/client';

export type ClientConfig = Record<string, string>;

export const getClientConfig = async (): Promise<ClientConfig> => {
  const page = await http.get<Page<ConfigItem>>('/v1/square/config/list', { pageSize: 99 }, { quiet: true });
  return Object.fromEntries(page.records.map((r) => [r.key, r.value]));
};

export const clientConfigQuery = () =>
  queryOptions({ queryKey: ['config', 'client'], queryFn: getClientConfig, staleTime: 5 * 60_000 });

export const useClientConfig = () => useQuery(clientConfigQuery());

/** The portal's own app is offered when the config carries a bundle or package URL (spec §1). */
export const hasAppDownload = (config: ClientConfig | undefined): boolean =>
  Boolean(config?.[ConfigKey.bundleUrl] || config?.[ConfigKey.packageUrl]);

/** Phone login registers unless the key is present with value 0 (spec §4). */
export const isPhoneAutoRegister = (config: ClientConfig | undefined): boolean =>
  config?.[ConfigKey.phoneLoginAutoRegister] !== '0';
