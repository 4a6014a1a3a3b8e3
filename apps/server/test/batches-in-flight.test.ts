import { describe, expect, it } from 'vitest';
import { batchesInFlight } from '../src/platform/batches-in-flight.ts';

// The shape both PostgreSQL batchers share (session reads, paid purchases): what goes when.
describe('batches in flight', () => {
  const setUp = () => {
    const sent: string[][] = [];
    const finish: Array<() => void> = [];
    const add = batchesInFlight<object, string>({
      inFlight: 2,
      take: (waiting) => ({ batch: waiting.slice(0, 3), rest: waiting.slice(3) }),
      run: (_owner, batch) => {
        sent.push(batch);
        return new Promise<void>((resolve) => finish.push(resolve));
      },
    });
    return { sent, finish, add };
  };

  it('sends an item at once while fewer batches than the limit are on their way', () => {
    const { sent, add } = setUp();
    const db = {};
    add(db, 'a');
    add(db, 'b');
    expect(sent).toEqual([['a'], ['b']]);
  });

  it('keeps the items asked meanwhile for the next batch, as many as it takes, and the rest after', async () => {
    const { sent, finish, add } = setUp();
    const db = {};
    for (const item of ['a', 'b', 'c', 'd', 'e', 'f']) add(db, item);
    expect(sent).toEqual([['a'], ['b']]);
    finish[0]!();
    await new Promise((r) => setTimeout(r, 0));
    expect(sent).toEqual([['a'], ['b'], ['c', 'd', 'e']]);
    finish[1]!();
    await new Promise((r) => setTimeout(r, 0));
    expect(sent).toEqual([['a'], ['b'], ['c', 'd', 'e'], ['f']]);
  });

  it('keeps one queue per owner: another database does not wait', () => {
    const { sent, add } = setUp();
    const one = {};
    const other = {};
    add(one, 'a');
    add(one, 'b');
    add(one, 'c');
    add(other, 'x');
    expect(sent).toEqual([['a'], ['b'], ['x']]);
  });
});
