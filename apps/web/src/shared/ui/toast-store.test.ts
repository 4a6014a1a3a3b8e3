import { beforeEach, describe, expect, it, vi } from 'vitest';
import { toast, useToastStore } from './toast-store';

describe('toast grouping', () => {
  beforeEach(() => useToastStore.setState({ items: [] }));

  it('merges identical messages into one with a counter', () => {
    toast.error('网络异常，请重试');
    toast.error('网络异常，请重试');
    toast.error('网络异常，请重试');
    const items = useToastStore.getState().items;
    expect(items).toHaveLength(1);
    expect(items[0].repeatNum).toBe(3);
  });

  it('keeps different messages or types apart', () => {
    toast.error('a');
    toast.success('a');
    toast.error('b');
    expect(useToastStore.getState().items).toHaveLength(3);
  });

  it('does not group when grouping is off', () => {
    toast.show({ message: 'x' });
    toast.show({ message: 'x' });
    expect(useToastStore.getState().items).toHaveLength(2);
  });

  it('uses the spec defaults: 3000 ms and 16 px', () => {
    toast.info('hello');
    expect(useToastStore.getState().items[0]).toMatchObject({ duration: 3000, offset: 16, type: 'info' });
  });

  it('calls onClose when closed', () => {
    const onClose = vi.fn();
    const id = toast.show({ message: 'bye', onClose });
    useToastStore.getState().close(id);
    expect(onClose).toHaveBeenCalledOnce();
    expect(useToastStore.getState().items).toHaveLength(0);
  });
});
