import { ErrorCode } from '@ld/contract/envelope';

/** The success envelope. */
export const ok = <T>(data: T) => ({ code: ErrorCode.ok, msg: 'success', data });
