import { AdminCode } from '@ld/contract/admin/roles';
import type { AdminSession } from '@ld/contract/admin/session';
import type { AuthProvider, CheckResponse } from '@refinedev/core';
import { ApiError, api } from './http';
import { forgetPageAtLogout, rememberPage, takeRememberedPage } from './return-to';
import { sessionStore } from './session-store';

/** Where each stage of a login continues in the console. */
export const pathForStage = (stage: AdminSession['stage']): string =>
  stage === 'totp' ? '/login/totp' : stage === 'enrol' ? '/enrol' : '/';

/** refine shows an error's name as the notification's title and its message below it. */
const asError = (error: unknown) => ({
  name: '登录失败',
  message: error instanceof Error ? error.message : '登录失败，请重试',
});

/** One ask of the server: who is signed in, at which stage (see `authProvider.check`). */
async function checkSession(): Promise<CheckResponse> {
  try {
    const session = await api<AdminSession>('GET', '/session');
    sessionStore.set(session);
    if (session.stage === 'active') return { authenticated: true };
    return { authenticated: false, redirectTo: pathForStage(session.stage) };
  } catch (error) {
    if (error instanceof ApiError && error.statusCode === 401) {
      rememberPage(sessionStore.get()?.operator.name ?? null);
      sessionStore.set(null);
      return { authenticated: false, redirectTo: '/login', logout: true };
    }
    // The server could not say (no network, a 502/503 while a process restarts): the session
    // is as it was. refine checks at every navigation, so forgetting it here would take the
    // menu, the role (a 403 page) and the CSRF token (every save refused) until the next one.
    // The page's own calls show their errors with 重试. Only a first check, with nothing known,
    // goes to the login.
    if (sessionStore.get()?.stage === 'active') return { authenticated: true };
    return { authenticated: false, redirectTo: '/login', error: asError(error) };
  }
}

/** The ask on its way, shared by the asks made meanwhile; a login step or a logout drops it. */
let checking: Promise<CheckResponse> | null = null;

/**
 * Operators' login in the console: the password, then (when the operator has two-factor) the
 * code, then the console; an operator who must enrol goes to /enrol first. The server decides
 * each step; this only follows the stage it answers. `login({ name, password })` or
 * `login({ code })`.
 */
export const authProvider: AuthProvider = {
  async login(params: { name?: string; password?: string; code?: string }) {
    checking = null;
    try {
      const session =
        params.code !== undefined
          ? await api<AdminSession>('POST', '/auth/totp', { json: { code: params.code } })
          : await api<AdminSession>('POST', '/auth/login', {
              json: { name: params.name, password: params.password },
            });
      sessionStore.set(session);
      // Signed in: back to the page the last session ended on, if it was this operator's.
      const redirectTo =
        session.stage === 'active' ? takeRememberedPage(session.operator.name) : pathForStage(session.stage);
      return { success: true, redirectTo };
    } catch (error) {
      return { success: false, error: asError(error) };
    }
  },

  async logout() {
    // 退出登录 with a session known; refine also logs out after a 401 (`onError`), which has
    // forgotten the session already and remembered the page for the next login.
    const byOperator = sessionStore.get() !== null;
    checking = null;
    try {
      await api<null>('POST', '/auth/logout');
    } catch (error) {
      // Already ended on the server (expired, disabled): the console forgets it all the same.
      if (!(error instanceof ApiError && error.statusCode === 401))
        return { success: false, error: asError(error) };
    }
    sessionStore.set(null);
    if (byOperator) forgetPageAtLogout();
    return { success: true, redirectTo: '/login' };
  },

  // refine asks at every route change (its RouteChangeHandler) and in each `useIsAuthenticated`,
  // often in the same tick: the asks made while one is on its way share its answer (one GET).
  check() {
    if (checking) return checking;
    const ask = checkSession().finally(() => {
      if (checking === ask) checking = null;
    });
    checking = ask;
    return ask;
  },

  async onError(error: unknown) {
    if (error instanceof ApiError && error.statusCode === 401) {
      rememberPage(sessionStore.get()?.operator.name ?? null);
      sessionStore.set(null);
      return { logout: true, redirectTo: error.code === AdminCode.totpRequired ? '/login/totp' : '/login' };
    }
    if (error instanceof ApiError && error.code === AdminCode.enrolRequired) return { redirectTo: '/enrol' };
    return {};
  },

  async getIdentity() {
    return sessionStore.get()?.operator ?? (await api<AdminSession>('GET', '/session')).operator;
  },

  async getPermissions() {
    return sessionStore.get()?.operator.role ?? null;
  },
};
