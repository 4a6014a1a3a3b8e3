import { ErrorCode } from '@ld/contract/envelope';

/**
 * The one error type of the server. `code` is the envelope code; `status` the HTTP status.
 * Business refusals (code 1, 1001, …) and session loss (code 2) answer HTTP 200 so the client
 * reads the envelope; malformed input, unknown ids and faults use their HTTP status (DESIGN §5).
 */
export class AppError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly status = 200,
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const ruleError = (message: string, data: unknown = null) =>
  new AppError(ErrorCode.rule, message, 200, data);
export const badInput = (field: string, rule: string) =>
  new AppError(ErrorCode.badInput, `${field}: ${rule}`, 400);
export const notFound = (what: string) => new AppError(ErrorCode.notFound, `${what}不存在`, 404);
export const sessionInvalid = () => new AppError(ErrorCode.session, '登录已失效，请重新登录', 200);
