import type { QueryClient } from '@tanstack/react-query';
import { logout } from '../features/accounts/lib/session';
import { initSdk } from '../features/devices/sdk';
import { unreadCountQuery } from '../features/messages/api/get-messages';
import { startOffline } from '../features/novels/lib/offline-start';
import { tagsQuery } from '../features/square/api/get-tags';
import { clientConfigQuery } from '../shared/api/get-client-config';
import { userStatusQuery } from '../shared/api/get-user-status';
import { setSessionExpiredHandler } from '../shared/http/client';
import { captureInstallPrompt } from '../shared/lib/install-prompt';
import { getAccount } from '../shared/stores/account';
import { captureAttribution } from '../shared/stores/device';

/**
 * Start-up (spec §2): channel and invite code from the address, device init (a failure is only
 * logged), then, for a logged-in user, the status and the messages; the client config and the
 * square's tags always (a tag failure is an empty list).
 */
export function startUp(queryClient: QueryClient, goToLogin: () => void): () => void {
  // The address's channel and invite code at once, before anything rewrites the address.
  captureAttribution(window.location.search);
  // The browser's offer to install the portal, kept for 我的's 添加到主屏幕 (decision 0051): its
  // event may come at any time.
  captureInstallPrompt();
  setSessionExpiredHandler(() => {
    void logout(queryClient, { callServer: false });
    goToLogin();
  });
  // The calls after it, each in a task of its own: not part of the task that ends hydration (its
  // passive effects), nor one long task, which Lighthouse counts as blocking time on a slow phone
  // (docs/decisions/0050-one-rendering-path.md, 2026-11-28 and 2026-12-04).
  const timers = startCalls(queryClient).map((call) => setTimeout(call, 0));
  return () => {
    for (const timer of timers) clearTimeout(timer);
  };
}

function startCalls(queryClient: QueryClient): (() => void)[] {
  return [
    () => {
      void initSdk().then((result) => {
        if (result.code !== 0) console.info(result.msg);
      });
    },
    () => {
      void queryClient.prefetchQuery(clientConfigQuery());
      void queryClient.prefetchQuery(tagsQuery());
    },
    // Offline reading (decision 0034): saves made without a network go out now and when it is
    // back; a reader with downloaded books gets the service worker back once the page has loaded.
    startOffline,
    () => {
      const { uid } = getAccount();
      if (uid) {
        void queryClient.prefetchQuery(userStatusQuery(uid));
        void queryClient.prefetchQuery(unreadCountQuery(uid));
      }
    },
  ];
}
