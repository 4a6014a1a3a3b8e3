import { CSRF_HEADER } from '@ld/contract/admin/roles';
import type { HttpError } from '@refinedev/core';
import { sessionStore } from './session-store';

/** Every call of the console goes to the admin API, and only through `api` below. */
export const API_BASE = '/api/admin/v1';

/**
 * An answer other than code 0, as refine expects it: the HTTP status, the envelope's code and
 * Chinese message, and, when the server named a field (`title: 请填写标题`), that field's error,
 * so forms show it under the input and keep what was typed.
 */
export class ApiError extends Error implements HttpError {
  readonly statusCode: number;
  readonly code: number;
  readonly errors?: Record<string, string>;
  constructor(statusCode: number, code: number, message: string) {
    super(message);
    this.name = 'ApiError';
    this.statusCode = statusCode;
    this.code = code;
    const field = /^([A-Za-z][\w.]*): (.+)$/.exec(message);
    if (statusCode === 400 && field) this.errors = { [field[1]]: field[2] };
  }
}

type Query = Record<string, string | number | boolean | undefined | null>;

/**
 * One admin call: JSON in and out, the session cookie sent by the browser, the CSRF token added to
 * every write. Answers the envelope's `data`, or throws ApiError.
 */
export async function api<T>(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  options: { query?: Query; json?: unknown } = {},
): Promise<T> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const url = `${API_BASE}${path}${params.size > 0 ? `?${params}` : ''}`;
  const headers: Record<string, string> = { accept: 'application/json' };
  // A FormData (an upload) goes as multipart, its boundary set by the browser.
  const isForm = typeof FormData !== 'undefined' && options.json instanceof FormData;
  if (options.json !== undefined && !isForm) headers['content-type'] = 'application/json';
  const csrf = sessionStore.get()?.csrfToken;
  if (method !== 'GET' && csrf) headers[CSRF_HEADER] = csrf;
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      credentials: 'same-origin',
      body:
        options.json === undefined
          ? undefined
          : isForm
            ? (options.json as FormData)
            : JSON.stringify(options.json),
    });
  } catch {
    throw new ApiError(0, 0, '网络连接失败，请检查网络后重试');
  }
  let envelope: { code?: number; msg?: string; data?: unknown };
  try {
    envelope = (await response.json()) as typeof envelope;
  } catch {
    throw new ApiError(
      response.status,
      response.status,
      `服务器返回了无法识别的内容（HTTP ${response.status}），请稍后重试`,
    );
  }
  if (envelope.code !== 0) {
    throw new ApiError(
      response.status,
      envelope.code ?? response.status,
      envelope.msg ?? `请求失败（HTTP ${response.status}）`,
    );
  }
  return envelope.data as T;
}
