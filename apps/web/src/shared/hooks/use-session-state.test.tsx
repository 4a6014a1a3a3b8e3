import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { clearSessionState, useSessionState } from './use-session-state';

function Sort() {
  const [sort, setSort] = useSessionState('test.sort', '热门');
  return (
    <button type="button" onClick={() => setSort((s) => (s === '热门' ? '最新' : '热门'))}>
      {sort}
    </button>
  );
}

describe('useSessionState', () => {
  it('comes back as the user left it when the page mounts again, until cleared', () => {
    const first = render(<Sort />);
    fireEvent.click(screen.getByRole('button'));
    expect(screen.getByRole('button').textContent).toBe('最新');
    first.unmount();

    const second = render(<Sort />);
    expect(screen.getByRole('button').textContent).toBe('最新');
    second.unmount();

    clearSessionState();
    render(<Sort />);
    expect(screen.getByRole('button').textContent).toBe('热门');
  });
});
