import { z } from 'zod';

/**
 * The words of a validation failure that its schema did not word itself, in Chinese.
 *
 * The contract's fields say what they need in their own messages ("workId 须为正整数"); a field
 * declared without one (a plain `z.string().max(20)`, a union, the body itself) got zod's English
 * default, "Invalid input: expected string, received array", which a user of the portal cannot
 * read and which names no rule they know. zod asks this map only when the schema has no message of
 * its own (its precedence: the schema's, the parse's, then this), so every worded message stays.
 * The error handler puts the field before it: "keyword: 须为字符串，收到的是数组".
 */

const TYPE_NAMES: Record<string, string> = {
  string: '字符串',
  number: '数字',
  int: '整数',
  bigint: '整数',
  boolean: '布尔值（true 或 false）',
  object: '对象',
  array: '数组',
  date: '日期',
  null: 'null',
  nan: '数字',
};

/** What a client sent, in a word: 数组, 对象, 空值… */
function kindOf(input: unknown): string {
  if (input === null) return '空值（null）';
  if (Array.isArray(input)) return '数组';
  if (typeof input === 'number') return Number.isNaN(input) ? 'NaN' : '数字';
  if (typeof input === 'string') return '字符串';
  if (typeof input === 'boolean') return '布尔值';
  if (typeof input === 'object') return '对象';
  return typeof input;
}

const FORMATS: Record<string, string> = {
  regex: '格式不正确',
  email: '须为邮箱地址',
  url: '须为网址（http 或 https）',
  datetime: '须为 ISO 8601 时间，如 2026-12-04T08:00:00Z',
  date: '须为日期，如 2026-12-04',
  time: '须为时间，如 08:00:00',
  uuid: '须为 UUID',
  ipv4: '须为 IPv4 地址',
  ipv6: '须为 IPv6 地址',
};

const quote = (value: unknown) => (typeof value === 'string' ? `"${value}"` : String(value));

/** The Chinese words for one issue (zod's `customError`). */
export function chineseIssueMessage(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.input === undefined) return '必填';
      // The body itself (its path is empty): a JSON object or form fields, not a list or a value.
      const path = (issue as { path?: unknown[] }).path ?? [];
      if (issue.expected === 'object' && path.length === 0)
        return `须为 JSON 对象或表单字段，收到的是${kindOf(issue.input)}`;
      const expected = TYPE_NAMES[issue.expected] ?? issue.expected;
      return `须为${expected}，收到的是${kindOf(issue.input)}`;
    }
    case 'too_big': {
      const max = String(issue.maximum);
      if (issue.origin === 'string') return `最多 ${max} 个字符`;
      if (issue.origin === 'array' || issue.origin === 'set') return `最多 ${max} 项`;
      if (issue.origin === 'file') return `文件最大 ${max} 字节`;
      return issue.inclusive === false ? `须小于 ${max}` : `最大为 ${max}`;
    }
    case 'too_small': {
      const min = String(issue.minimum);
      if (issue.origin === 'string') return min === '1' ? '不能为空' : `至少 ${min} 个字符`;
      if (issue.origin === 'array' || issue.origin === 'set') return `至少 ${min} 项`;
      return issue.inclusive === false ? `须大于 ${min}` : `最小为 ${min}`;
    }
    case 'invalid_value':
      return issue.values.length === 1
        ? `须为 ${quote(issue.values[0])}`
        : `须为以下之一：${issue.values.map(quote).join('、')}`;
    case 'invalid_format':
      if (issue.format === 'starts_with') return `须以 "${(issue as { prefix?: string }).prefix}" 开头`;
      if (issue.format === 'ends_with') return `须以 "${(issue as { suffix?: string }).suffix}" 结尾`;
      if (issue.format === 'includes') return `须包含 "${(issue as { includes?: string }).includes}"`;
      return FORMATS[issue.format] ?? '格式不正确';
    case 'not_multiple_of':
      return `须为 ${String(issue.divisor)} 的倍数`;
    case 'unrecognized_keys':
      return `不认识的字段：${issue.keys.join('、')}`;
    case 'invalid_union': {
      // No alternative matched: what the first one said (each is worded already), else the rule.
      const first = 'errors' in issue ? issue.errors[0]?.[0]?.message : undefined;
      return first ?? '格式不正确';
    }
    default:
      return '格式不正确';
  }
}

/** Makes zod word its own messages in Chinese for the whole process (idempotent). */
export function installChineseValidationMessages(): void {
  z.config({ customError: chineseIssueMessage });
}
