export function probePostgres(url: string, timeoutMs?: number): Promise<{ ok: boolean; reason?: string }>;
export function probeRedis(url: string, timeoutMs?: number): Promise<{ ok: boolean; reason?: string }>;
