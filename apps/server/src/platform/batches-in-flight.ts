/**
 * Work that goes to the database in batches while earlier batches are on their way: with fewer
 * than `inFlight` batches running an item goes at once (no item waits for company); with more,
 * the items asked meanwhile wait and go together in the next batch. Used on PostgreSQL, where a
 * round trip costs more than a statement's extra rows: the session reads (platform/auth.ts) and
 * the paid purchases (purchases/batch.ts; docs/decisions/0056-cluster.md).
 *
 * Queues are per `owner` (a database), so apps that share the process share nothing.
 */
export function batchesInFlight<Owner extends object, Item>(options: {
  /** Batches on their way per owner at most: the next one fills while they are. */
  inFlight: number;
  /** The next batch out of the waiting items (in order of arrival), and the items left waiting. */
  take: (waiting: readonly Item[]) => { batch: Item[]; rest: Item[] };
  /** Sends a batch; it must answer each of its items itself, and never reject. */
  run: (owner: Owner, batch: Item[]) => Promise<void>;
}): (owner: Owner, item: Item) => void {
  const queues = new WeakMap<Owner, { waiting: Item[]; running: number }>();

  const pump = (owner: Owner, queue: { waiting: Item[]; running: number }) => {
    while (queue.running < options.inFlight && queue.waiting.length > 0) {
      const { batch, rest } = options.take(queue.waiting);
      if (batch.length === 0) break;
      queue.waiting = rest;
      queue.running += 1;
      void options.run(owner, batch).finally(() => {
        queue.running -= 1;
        pump(owner, queue);
      });
    }
  };

  return (owner, item) => {
    let queue = queues.get(owner);
    if (!queue) {
      queue = { waiting: [], running: 0 };
      queues.set(owner, queue);
    }
    queue.waiting.push(item);
    pump(owner, queue);
  };
}
