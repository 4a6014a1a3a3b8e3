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

/** PostgreSQL's SQLSTATEs for "no server to talk to": shutting down, starting, connection lost. */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '08000', '08001', '08003', '08006']);
/** Socket errors of a connection to the database. */
const UNAVAILABLE_SOCKET = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH']);

/**
 * True when `error` says the database cannot be reached right now (PostgreSQL stopped, restarting,
 * the connection cut, no connection to be had within the pool's timeout) rather than that the
 * query was wrong. Such a request answers 503 and may be tried again; the pool reconnects by
 * itself once the server is back (docs/decisions/0056-cluster.md).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const e = error as { code?: unknown; message?: unknown; errors?: unknown };
  if (typeof e.code === 'string' && (UNAVAILABLE_STATES.has(e.code) || UNAVAILABLE_SOCKET.has(e.code)))
    return true;
  // An AggregateError (IPv4 and IPv6 both refused) carries the codes in its parts.
  if (Array.isArray(e.errors) && e.errors.length > 0 && e.errors.every(isDatabaseUnavailable)) return true;
  const message = typeof e.message === 'string' ? e.message : '';
  // pg's own words: the socket closed under a query, or no connection came within the timeout.
  return /^Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error/.test(
    message,
  );
}
