import type { TestProject } from 'vitest/node';
import { startPortal } from './server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The shared portal's output, for the log check after each test file (fixtures.ts). */
    portalLog: string;
    /** The shared portal's DATA_DIR, for commands run against its database (`npm run admin:create`). */
    portalDataDir: string;
  }
}

/** One portal for the whole end-to-end run: seeding demo content once keeps the suite fast. */
export default async function setup(project: TestProject) {
  const portal = await startPortal();
  project.provide('baseUrl', portal.baseUrl);
  project.provide('portalLog', portal.logFile);
  project.provide('portalDataDir', portal.dataDir);
  return () => portal.stop();
}
