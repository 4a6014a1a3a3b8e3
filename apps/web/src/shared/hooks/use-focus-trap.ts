import { type RefObject, useEffect } from 'react';

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

/** The controls Tab reaches inside `root`, in order. */
export const focusableIn = (root: HTMLElement): HTMLElement[] =>
  [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => !el.closest('[hidden],[inert]'));

// Open modals, innermost last: only the innermost one keeps the focus.
const open: HTMLElement[] = [];

/**
 * A modal's focus (WAI-ARIA dialog pattern): while `active`, focus moves into `ref` (to the element
 * marked `data-autofocus`, else the container itself, which needs tabIndex -1), Tab and Shift+Tab
 * cycle through its controls and focus that wanders outside comes back; when it closes, focus
 * returns to the control that opened it.
 */
export function useFocusTrap(ref: RefObject<HTMLElement | null>, active: boolean): void {
  useEffect(() => {
    const root = ref.current;
    if (!active || !root) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    open.push(root);
    if (!root.contains(document.activeElement)) {
      (root.querySelector<HTMLElement>('[data-autofocus]') ?? root).focus({ preventScroll: true });
    }
    const isInnermost = () => open[open.length - 1] === root;

    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key !== 'Tab' || !isInnermost()) return;
      const controls = focusableIn(root);
      const current = document.activeElement;
      if (controls.length === 0) {
        e.preventDefault();
        root.focus();
        return;
      }
      const first = controls[0];
      const last = controls[controls.length - 1];
      const isOutside = !root.contains(current);
      if (e.shiftKey && (current === first || current === root || isOutside)) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && (current === last || isOutside)) {
        e.preventDefault();
        first.focus();
      }
    };
    const onFocusIn = (e: FocusEvent) => {
      if (isInnermost() && e.target instanceof Node && !root.contains(e.target))
        root.focus({ preventScroll: true });
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('focusin', onFocusIn);
      open.splice(open.indexOf(root), 1);
      if (opener?.isConnected) opener.focus({ preventScroll: true });
    };
  }, [active, ref]);
}
