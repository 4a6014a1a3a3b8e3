import { ErrorCode } from '@ld/contract/codes';
import { PORTAL_APP_ID } from '@ld/contract/defaults';
import { getAccount } from '../stores/account';
import { toast } from '../ui/toast-store';
import { networkBack, noticeNetworkLoss } from './network-notice';
import { transportFetch } from './transport';

// The single HTTP client (spec §7, §8): it unwraps `data`, raises the toast and handles the
// session, so pages never repeat that.

export const API_BASE = '/api';
export const REQUEST_TIMEOUT_MS = 30_000;
export const PENDING_WARN_LIMIT = 20;
export const CANCEL_MESSAGE = '请求已取消';

/** Messages that replace an HTTP status (spec §8); the server's own message wins when it has one. */
export const STATUS_MESSAGES: Record<number, string> = {
  400: '请求错误',
  401: '未授权，请登录',
  403: '拒绝访问',
  408: '请求超时',
  500: '服务器内部错误',
  501: '服务未实现',
  502: '网关错误',
  503: '服务不可用',
  504: '网关超时',
  505: 'HTTP版本不受支持',
};

export function statusMessage(status: number, url: string): string {
  if (status === 404) return `请求地址出错: ${url}`;
  return STATUS_MESSAGES[status] ?? `连接出错(${status})!`;
}

export class ApiError extends Error {
  constructor(
    message: string,
    readonly code: number,
    readonly status: number,
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * A refusal that says the thing asked for is not there: an unknown id (404) or one that cannot be an
 * id (400). Pages show it as their own empty state ("不存在或已下架") with a way on, never as a
 * failure to retry; the calls that expect it pass these codes in `quiet`.
 */
export const isNotFound = (error: unknown): boolean =>
  error instanceof ApiError && (error.code === ErrorCode.notFound || error.code === ErrorCode.badInput);

/** `quiet` for a call whose page shows a missing thing itself (`isNotFound`). */
export const QUIET_NOT_FOUND = [ErrorCode.notFound, ErrorCode.badInput];

export class CancelError extends Error {
  constructor() {
    super(CANCEL_MESSAGE);
    this.name = 'CancelError';
  }
}

export const isCancel = (error: unknown): error is CancelError => error instanceof CancelError;

type BodyValue = string | number | boolean | null | undefined | Array<string | number>;
/** A nested value, for JSON bodies only (`json: true`). */
type JsonValue = BodyValue | { [key: string]: JsonValue } | JsonValue[];
export type Body = Record<string, BodyValue> | FormData;
/** A JSON body may nest objects (`{ position: { paragraph, offset } }`). */
export type JsonBody = Record<string, JsonValue>;

export interface RequestOptions {
  /** Send the body as JSON instead of form-urlencoded. */
  json?: boolean;
  /** Do not toast failures: true for all, or the business codes the caller handles itself. */
  quiet?: boolean | number[];
  signal?: AbortSignal;
  timeout?: number;
  /** Upload progress from 0 to 1 (the request then goes through XMLHttpRequest: fetch cannot report it). */
  onUploadProgress?: (fraction: number) => void;
  /** Let the request outlive the page (saving reading progress on pagehide). */
  keepalive?: boolean;
}

let onSessionExpired: () => void = () => {};
/** The app decides what "log out locally and go to login" means (set once at start-up). */
export function setSessionExpiredHandler(handler: () => void): void {
  onSessionExpired = handler;
}

const pending = new Map<string, Set<AbortController>>();
const pendingCount = () => [...pending.values()].reduce((n, s) => n + s.size, 0);

function track(url: string, controller: AbortController): () => void {
  const set = pending.get(url) ?? new Set<AbortController>();
  pending.set(url, set);
  set.add(controller);
  if (pendingCount() > PENDING_WARN_LIMIT) {
    console.error(`pending request handles exceed ${PENDING_WARN_LIMIT}: ${pendingCount()}`);
  }
  return () => {
    set.delete(controller);
    if (set.size === 0) pending.delete(url);
  };
}

/** Cancels every pending request to `url` (as the caller wrote it). */
export function cancelRequest(url: string): void {
  const key = normalise(url);
  for (const c of pending.get(key) ?? []) c.abort(new CancelError());
  pending.delete(key);
}
export const pendingRequests = (): number => pendingCount();

function normalise(url: string): string {
  return url.startsWith('/') ? url : `/${url}`;
}

function encodeBody(
  body: Body | JsonBody | undefined,
  json: boolean,
): { payload: BodyInit; contentType?: string } {
  if (body instanceof FormData) {
    if (!body.has('appID')) body.append('appID', String(PORTAL_APP_ID));
    return { payload: body };
  }
  const withApp = { appID: PORTAL_APP_ID, ...(body ?? {}) };
  if (json) return { payload: JSON.stringify(withApp), contentType: 'application/json' };
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(withApp as Record<string, BodyValue>)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const v of value) form.append(key, String(v));
    else form.append(key, String(value));
  }
  return { payload: form, contentType: 'application/x-www-form-urlencoded;charset=UTF-8' };
}

function queryString(params?: Record<string, BodyValue>): string {
  if (!params) return '';
  const q = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    q.append(key, String(value));
  }
  const s = q.toString();
  return s ? `?${s}` : '';
}

const shouldToast = (quiet: RequestOptions['quiet'], code: number) =>
  quiet === true ? false : Array.isArray(quiet) ? !quiet.includes(code) : true;

async function send<T>(
  method: 'GET' | 'DELETE' | 'POST' | 'PUT',
  url: string,
  init: { params?: Record<string, BodyValue>; body?: Body | JsonBody },
  options: RequestOptions = {},
  as: 'envelope' | 'blob' = 'envelope',
): Promise<T> {
  const path = normalise(url);
  const controller = new AbortController();
  const untrack = track(path, controller);
  const timer = setTimeout(
    () => controller.abort(new ApiError(STATUS_MESSAGES[408], 408, 408)),
    options.timeout ?? REQUEST_TIMEOUT_MS,
  );
  const onOuterAbort = () => controller.abort(new CancelError());
  options.signal?.addEventListener('abort', onOuterAbort, { once: true });

  const account = getAccount();
  const headers: Record<string, string> = {
    Accept: 'application/json, text/plain, */*',
    'X-Requested-With': 'XMLHttpRequest',
    uid: account.uid,
    token: account.token,
  };
  let payload: BodyInit | undefined;
  if (method === 'POST' || method === 'PUT') {
    const encoded = encodeBody(init.body, options.json ?? false);
    payload = encoded.payload;
    if (encoded.contentType) headers['Content-Type'] = encoded.contentType;
  }

  try {
    let response: Response;
    try {
      const requestInit: RequestInit = {
        method,
        headers,
        body: payload,
        signal: controller.signal,
        credentials: 'same-origin',
        keepalive: options.keepalive,
      };
      const target = `${API_BASE}${path}${queryString(init.params)}`;
      // Only uploads need progress; the XMLHttpRequest path loads with them, not with the shell.
      response = options.onUploadProgress
        ? await (await import('./fetch-with-progress')).fetchWithProgress(
            target,
            requestInit,
            options.onUploadProgress,
          )
        : await transportFetch(target, requestInit);
    } catch (error) {
      const reason = controller.signal.reason;
      if (reason instanceof CancelError) throw reason;
      if (reason instanceof ApiError) throw reason;
      throw new ApiError('网络异常，请检查网络后重试', 0, 0, error);
    }

    // Only the network answers a write (the service worker keeps reads): it is back.
    if (method !== 'GET') networkBack();
    if (as === 'blob' && response.ok) return (await response.blob()) as T;

    let envelope: { code: number; msg: string; data: unknown } | null = null;
    try {
      envelope = await response.json();
    } catch {
      envelope = null;
    }
    if (!response.ok) {
      const message =
        envelope?.msg && response.status !== 404 ? envelope.msg : statusMessage(response.status, path);
      throw new ApiError(message, envelope?.code ?? response.status, response.status, envelope?.data ?? null);
    }
    if (!envelope || typeof envelope.code !== 'number') {
      throw new ApiError('服务返回的数据无法识别，请稍后重试', ErrorCode.server, response.status);
    }
    if (response.status !== 200) console.warn(`unexpected HTTP ${response.status} for ${path}`);
    if (envelope.code === ErrorCode.ok) return envelope.data as T;
    if (envelope.code === ErrorCode.session) {
      onSessionExpired();
      throw new ApiError(envelope.msg || '登录已失效，请重新登录', envelope.code, response.status);
    }
    throw new ApiError(envelope.msg, envelope.code, response.status, envelope.data);
  } catch (error) {
    // A request that found no network is left to the page's own state: at most one calm notice for
    // the spell (network-notice.ts), never a toast per background request.
    if (
      error instanceof ApiError &&
      error.code !== ErrorCode.session &&
      shouldToast(options.quiet, error.code)
    ) {
      if (error.status === 0) noticeNetworkLoss(method !== 'GET');
      else toast.error(error.message);
    }
    throw error;
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onOuterAbort);
    untrack();
  }
}

export const http = {
  get: <T>(url: string, params?: Record<string, BodyValue>, options?: RequestOptions) =>
    send<T>('GET', url, { params }, options),
  delete: <T>(url: string, params?: Record<string, BodyValue>, options?: RequestOptions) =>
    send<T>('DELETE', url, { params }, options),
  post: <T>(url: string, body?: Body, options?: RequestOptions) => send<T>('POST', url, { body }, options),
  put: <T>(url: string, body?: Body, options?: RequestOptions) => send<T>('PUT', url, { body }, options),
  /** A JSON body (nested objects allowed). */
  putJson: <T>(url: string, body: JsonBody, options?: Omit<RequestOptions, 'json'>) =>
    send<T>('PUT', url, { body }, { ...options, json: true }),
  /** A file as a Blob (GET). */
  download: (url: string, params?: Record<string, BodyValue>, options?: RequestOptions) =>
    send<Blob>('GET', url, { params }, options, 'blob'),
};
