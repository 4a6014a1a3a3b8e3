import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastHost } from './toast-host';
import { toast, useToastStore } from './toast-store';

describe('toasts on screen', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    useToastStore.setState({ items: [] });
  });
  afterEach(() => vi.useRealTimers());

  it('closes after 3000 ms by default', () => {
    render(<ToastHost />);
    act(() => void toast.success('复制成功'));
    expect(screen.getByText('复制成功')).toBeTruthy();
    act(() => vi.advanceTimersByTime(2999));
    expect(screen.queryByText('复制成功')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('复制成功')).toBeNull();
  });

  it('pauses while hovered and resumes after', () => {
    render(<ToastHost />);
    act(() => void toast.info('悬停'));
    const el = screen.getByRole('status');
    act(() => vi.advanceTimersByTime(2000));
    fireEvent.mouseEnter(el);
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.queryByText('悬停')).toBeTruthy();
    fireEvent.mouseLeave(el);
    act(() => vi.advanceTimersByTime(3000));
    expect(screen.queryByText('悬停')).toBeNull();
  });

  it('closes on Escape', () => {
    render(<ToastHost />);
    act(() => void toast.error('出错了'));
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByText('出错了')).toBeNull();
  });

  it('shows the group counter and stacks from the 16 px offset', () => {
    render(<ToastHost />);
    act(() => {
      toast.error('网络异常');
      toast.error('网络异常');
      toast.info('另一条');
    });
    expect(screen.getByText('2')).toBeTruthy();
    // In the flow of one column (the browser test checks two-line toasts do not overlap), 16 px apart.
    const [first, second] = [screen.getByRole('alert'), screen.getByRole('status')];
    expect(first.nextElementSibling).toBe(second);
    expect(first.style.marginTop).toBe('1rem');
    expect(second.style.marginTop).toBe('1rem');
  });

  it('has a close button when asked', () => {
    render(<ToastHost />);
    act(() => void toast.show({ message: '可关闭', showClose: true, duration: 0 }));
    fireEvent.click(screen.getByRole('button', { name: '关闭提示' }));
    expect(screen.queryByText('可关闭')).toBeNull();
  });
});
