export const SERVER_MAIN: string;
export function serverBuildIsStale(): Promise<boolean>;
export function ensureServerBuilt(): Promise<boolean>;
