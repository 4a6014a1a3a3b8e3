export interface RunningPortal {
  baseUrl: string;
  dataDir: string;
  stop(): Promise<void>;
}
/**
 * The real portal as a user gets it (`apps/server/src/main.ts` serving the built SPA), on a
 * temporary SQLite database with demo content, the console SMS provider and the dev inbox.
 */
export declare function startPortal(env?: Record<string, string>): Promise<RunningPortal>;
