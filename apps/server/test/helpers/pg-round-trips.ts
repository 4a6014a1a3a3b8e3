import net from 'node:net';

/**
 * Writes to PostgreSQL's socket on `port` (one per round trip: node-postgres corks a query's
 * messages into one `writev`) while `work` runs, with what `work` answered. What
 * bench/src/cpu-probe-main.mjs counts.
 */
export async function pgRoundTrips<T>(
  port: number,
  work: () => Promise<T>,
): Promise<{ trips: number; value: T }> {
  let trips = 0;
  const proto = net.Socket.prototype as unknown as { _writeGeneric: (...args: unknown[]) => unknown };
  const write = proto._writeGeneric;
  proto._writeGeneric = function (this: net.Socket, ...args: unknown[]) {
    if (this.remotePort === port) trips++;
    return write.apply(this, args);
  };
  try {
    const value = await work();
    return { trips, value };
  } finally {
    proto._writeGeneric = write;
  }
}
