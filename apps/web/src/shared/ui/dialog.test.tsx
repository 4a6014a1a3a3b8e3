import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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

  it('moves the focus in on open, keeps Tab inside, and gives it back to the opener on close', async () => {
    const user = userEvent.setup();
    render(<Opener />);
    const opener = screen.getByRole('button', { name: '打开' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: '确认' });
    expect(document.activeElement).toBe(dialog);

    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: '关闭' }));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: '取消' }));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: '确定' }));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: '关闭' }));
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: '确定' }));

    // Focus sent outside (a stray script, a click on the page behind) comes back in.
    screen.getByRole('button', { name: '页面上的按钮', hidden: true }).focus();
    expect(dialog.contains(document.activeElement)).toBe(true);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('focuses the control marked data-autofocus when there is one', async () => {
    const user = userEvent.setup();
    render(<Opener autofocus />);
    await user.click(screen.getByRole('button', { name: '打开' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: '确定' }));
  });
});

function Opener({ autofocus = false }: { autofocus?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        打开
      </button>
      <button type="button">页面上的按钮</button>
      <Dialog
        open={open}
        title="确认"
        onClose={() => setOpen(false)}
        footer={
          <>
            <button type="button" onClick={() => setOpen(false)}>
              取消
            </button>
            <button type="button" data-autofocus={autofocus || undefined}>
              确定
            </button>
          </>
        }
      >
        内容
      </Dialog>
    </>
  );
}
