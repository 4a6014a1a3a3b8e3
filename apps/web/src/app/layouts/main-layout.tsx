import { useMatches } from 'react-router';
import { KeepAliveOutlet } from '../keep-alive';
import type { RouteMeta } from '../route-meta';
import { AppHeader } from './app-header';
import { TabBar } from './tab-bar';

/** Layout A: header (unless meta.header is false), cached pages, bottom tabs. */
export function MainLayout() {
  const matches = useMatches();
  const meta = matches[matches.length - 1]?.handle as RouteMeta | undefined;
  return (
    <div className="layout-main">
      {meta?.header !== false && <AppHeader />}
      <main className="layout-main__page">
        <KeepAliveOutlet />
      </main>
      <TabBar />
    </div>
  );
}
