import net from 'node:net';

/**
 * Runs `work` with PostgreSQL's ReadyForQuery (the six bytes that end its answer to a batch)
 * reaching node-postgres in a packet of its own, 5 ms after the rest of the answer, as it can on a
 * busy machine; `delayed` counts the answers so split. Only for a PostgreSQL reached over TCP on
 * `port`.
 */
export async function withLateReadyForQuery<T>(
  port: number,
  work: () => Promise<T>,
): Promise<{ result: T; delayed: number }> {
  const proto = net.Socket.prototype as unknown as { emit: (event: unknown, ...args: unknown[]) => boolean };
  const emit = proto.emit;
  let delayed = 0;
  proto.emit = function (this: net.Socket, event: unknown, ...args: unknown[]) {
    const chunk = args[0];
    if (event === 'data' && this.remotePort === port && Buffer.isBuffer(chunk) && chunk.length > 6) {
      const at = chunk.length - 6;
      if (chunk[at] === 0x5a && chunk.readInt32BE(at + 1) === 5) {
        delayed++;
        emit.call(this, 'data', chunk.subarray(0, at));
        setTimeout(() => emit.call(this, 'data', chunk.subarray(at)), 5);
        return true;
      }
    }
    return emit.call(this, event, ...args);
  };
  try {
    return { result: await work(), delayed };
  } finally {
    proto.emit = emit;
  }
}
