import { useSyncExternalStore } from 'react';
import { sessionStore } from '../providers/session-store';

/** The current session (operator, stage, CSRF token), re-rendering when it changes. */
export const useSession = () =>
  useSyncExternalStore(sessionStore.subscribe, sessionStore.get, sessionStore.get);
