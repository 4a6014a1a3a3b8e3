export const SERVER_MAIN: string;
export const SERVER_BUNDLE: string;
export function serverBuildIsStale(): Promise<boolean>;
export function ensureServerBuilt(): Promise<boolean>;
