// The operator console's role rules, in one place for the server (which decides) and the console
// (which hides what a role cannot use). No zod here: the console's shell imports it.

/** Operator roles (DESIGN §15). */
export const OPERATOR_ROLES = ['admin', 'editor', 'moderator', 'finance'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

export const ROLE_LABELS: Record<OperatorRole, string> = {
  admin: '管理员',
  editor: '编辑',
  moderator: '审核员',
  finance: '财务',
};

/**
 * What an admin route is about. Every route under /api/admin/v1 names one area in its
 * `config.adminArea`; the server refuses a caller whose role is not listed before anything else.
 * A new kind of work either fits an area below or adds one here (and to the console's menu).
 */
export const ADMIN_AREAS = {
  /** The caller's own account: who am I, password, two-factor, logout. Every role. */
  self: ['admin', 'editor', 'moderator', 'finance'],
  /** Operators, their roles and the console's own settings (compulsory two-factor). */
  operators: ['admin'],
  /** The audit log of every operator write. */
  audit: ['admin'],
  /** Content: games, gift packs, novels, comics, videos, bulletins, activities, FAQ, home, tags, words, plans, packs, config keys. */
  content: ['admin', 'editor'],
  /** Moderation: posts, comments, users (mute, ban), customer service inbox, system messages. */
  moderation: ['admin', 'moderator'],
  /** Money: orders, ledgers and statements, manual adjustments. */
  money: ['admin', 'finance'],
  /** Reports: channel attribution and exports. */
  reports: ['admin', 'finance'],
} as const satisfies Record<string, readonly OperatorRole[]>;
export type AdminArea = keyof typeof ADMIN_AREAS;

/** Whether `role` may use `area`. */
export const canUse = (role: OperatorRole, area: AdminArea): boolean =>
  (ADMIN_AREAS[area] as readonly OperatorRole[]).includes(role);

export const isOperatorRole = (value: unknown): value is OperatorRole =>
  typeof value === 'string' && (OPERATOR_ROLES as readonly string[]).includes(value);

/**
 * Where a session stands after the password: `totp` waits for the code of an operator who has
 * two-factor; `enrol` may only set two-factor up (it is compulsory and the operator has none);
 * `active` may do what the role allows.
 */
export type SessionStage = 'totp' | 'enrol' | 'active';

/** The header that carries the session's CSRF token on every admin call (docs/decisions/0048-operator-console.md). */
export const CSRF_HEADER = 'x-csrf-token';

/** Envelope codes of the admin API besides the shared ones (HTTP status in brackets). */
export const AdminCode = {
  /** No operator session, or it expired or was ended (401). */
  signedOut: 401,
  /** The role may not use this, or the session is not past its second step (403). */
  forbidden: 403,
  /** Password right; the two-factor code is needed next (200, data: the session). */
  totpRequired: 4101,
  /** Two-factor is compulsory and this operator has none: enrol before anything else (403). */
  enrolRequired: 4102,
} as const;
