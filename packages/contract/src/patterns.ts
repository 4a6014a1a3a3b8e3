// Input rules as plain patterns, without zod, so web pages can check forms without loading zod.
// The zod schemas in validation.ts are built from these, so server and client share one rule.

/** Mainland mobile number: 11 digits, starting with 1, second digit 3 to 9 (spec §5). */
export const PHONE_PATTERN = /^1[3-9]\d{9}$/;
export const SMS_CODE_PATTERN = /^\d{6}$/;
/** Login name: 4–20 letters, digits or underscores (DESIGN §6). */
export const LOGIN_NAME_PATTERN = /^[A-Za-z0-9_]{4,20}$/;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 32;

export const isValidPhone = (value: string): boolean => PHONE_PATTERN.test(value);
