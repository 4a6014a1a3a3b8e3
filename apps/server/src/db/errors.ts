/**
 * True when `error` is a UNIQUE violation, optionally on a given column. SQLite names the
 * column in the message ("UNIQUE constraint failed: users.phone"); PostgreSQL (23505) names the
 * constraint ("users_phone_key") and the column in `detail`.
 */
export function isUniqueViolation(error: unknown, column?: string): boolean {
  if (!error || typeof error !== 'object') return false;
  const e = error as { code?: string; message?: string; constraint?: string; detail?: string };
  const isUnique = e.code === '23505' || e.code === 'SQLITE_CONSTRAINT_UNIQUE';
  if (!isUnique || !column) return isUnique;
  const text = `${e.message ?? ''} ${e.constraint ?? ''} ${e.detail ?? ''}`;
  return text.includes(`.${column}`) || text.includes(`_${column}_`) || text.includes(`(${column})`);
}
