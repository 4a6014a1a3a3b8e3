import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Dialog, POPUP_BASE_Z } from './dialog';

function Harness({
  beforeClose,
  closeOnClickOutside,
}: {
  beforeClose?: (done: () => void) => void;
  closeOnClickOutside?: boolean;
}) {
  const [open, setOpen] = useState(true);
  return (
    <Dialog
      open={open}
      title="标题"
      onClose={() => setOpen(false)}
      beforeClose={beforeClose}
      closeOnClickOutside={closeOnClickOutside}
    >
      内容
    </Dialog>
  );
}

describe('dialog', () => {
  it('closes on Escape and on a click outside by default', () => {
    const { unmount } = render(<Harness />);
    expect(screen.getByRole('dialog', { name: '标题' })).toBeTruthy();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    unmount();

    render(<Harness />);
    const mask = screen.getByRole('dialog').parentElement!;
    expect(Number(mask.style.zIndex)).toBeGreaterThan(POPUP_BASE_Z);
    fireEvent.click(screen.getByText('内容'));
    expect(screen.queryByRole('dialog')).toBeTruthy();
    fireEvent.click(mask);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks the before-close hook, which may hold the dialog open', () => {
    let release: () => void = () => {};
    const beforeClose = vi.fn((done: () => void) => {
      release = done;
    });
    render(<Harness beforeClose={beforeClose} />);
    fireEvent.click(screen.getByRole('button', { name: '关闭' }));
    expect(beforeClose).toHaveBeenCalledOnce();
    expect(screen.queryByRole('dialog')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '关闭' }));
    release();
    expect(beforeClose).toHaveBeenCalledTimes(2);
  });

  it('can refuse click-outside', () => {
    render(<Harness closeOnClickOutside={false} />);
    fireEvent.click(screen.getByRole('dialog').parentElement!);
    expect(screen.queryByRole('dialog')).toBeTruthy();
  });
});
