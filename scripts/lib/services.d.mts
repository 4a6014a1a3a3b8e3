export function probePostgres(url: string, timeoutMs?: number): Promise<{ ok: boolean; reason?: string }>;
export function probeRedis(url: string, timeoutMs?: number): Promise<{ ok: boolean; reason?: string }>;
export const PG_SOCKET_DIR: string;
export function localPostgresUrl(database: string, options?: { user?: string; socketDir?: string }): string;
