import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { useAccountStore } from '../shared/stores/account';
import { useToastStore } from '../shared/ui/toast-store';
import { checkConsoleErrors, watchConsoleErrors } from './console';
import { checkFakeServer } from './fake-server';

beforeEach(() => {
  watchConsoleErrors();
});

// Without vitest globals, Testing Library cannot register its own cleanup. Every test starts as
// a guest with no toasts and an empty localStorage, whatever the previous test did.
afterEach(() => {
  cleanup();
  localStorage.clear();
  useAccountStore.getState().reset();
  useToastStore.setState({ items: [] });
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  checkFakeServer();
  checkConsoleErrors();
});
