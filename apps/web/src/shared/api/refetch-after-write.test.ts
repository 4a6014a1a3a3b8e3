import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { refetchAfterWrite } from './refetch-after-write';

/** A stored value, and reads that answer what was stored when they began, after `delay` ms. */
function store(initial: string) {
  let value = initial;
  return {
    write: (next: string) => {
      value = next;
    },
    read: (delay: number) => {
      const seen = value;
      return new Promise<string>((resolve) => setTimeout(() => resolve(seen), delay));
    },
  };
}

describe('refetchAfterWrite', () => {
  it('answers what was stored by the write, though the first fetch began before it', async () => {
    const queryClient = new QueryClient();
    const shelf = store('not on the shelf');
    const observer = new QueryObserver(queryClient, {
      queryKey: ['work', 1],
      queryFn: () => shelf.read(30),
    });
    const unsubscribe = observer.subscribe(() => undefined);
    // The first fetch is in flight and has read the old value; the write lands now.
    shelf.write('on the shelf');
    await refetchAfterWrite(queryClient, [['work']]);
    expect(queryClient.getQueryData(['work', 1])).toBe('on the shelf');
    unsubscribe();
  });

  it('asks again for every key it is given, and leaves the others alone', async () => {
    // Fresh for ever, so that only the call under test asks again.
    const queryClient = new QueryClient({
      defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } },
    });
    let detailReads = 0;
    let listReads = 0;
    let otherReads = 0;
    await queryClient.fetchQuery({ queryKey: ['detail', 1], queryFn: () => ++detailReads });
    await queryClient.fetchQuery({ queryKey: ['shelf', 'list'], queryFn: () => ++listReads });
    await queryClient.fetchQuery({ queryKey: ['other'], queryFn: () => ++otherReads });
    const observers = [['detail', 1], ['shelf', 'list'], ['other']].map((queryKey) =>
      new QueryObserver(queryClient, { queryKey, queryFn: () => 0 }).subscribe(() => undefined),
    );
    await refetchAfterWrite(queryClient, [['detail'], ['shelf']]);
    expect(queryClient.getQueryState(['detail', 1])?.isInvalidated).toBe(false);
    expect(queryClient.getQueryState(['other'])?.isInvalidated).toBe(false);
    expect(queryClient.getQueryState(['detail', 1])?.dataUpdateCount).toBe(2);
    expect(queryClient.getQueryState(['shelf', 'list'])?.dataUpdateCount).toBe(2);
    expect(queryClient.getQueryState(['other'])?.dataUpdateCount).toBe(1);
    for (const unsubscribe of observers) unsubscribe();
  });
});
