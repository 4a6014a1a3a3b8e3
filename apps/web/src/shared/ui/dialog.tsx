import { type ReactNode, type RefObject, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import './dialog.css';

/** Popups stack from this z-index (spec §9). */
export const POPUP_BASE_Z = 2000;
let zCounter = 0;

export interface DialogProps {
  open: boolean;
  title?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  /** Asked before any close; call `done()` to let it close (spec §4 before-close hook). */
  beforeClose?: (done: () => void) => void;
  onClose: () => void;
  closeOnClickOutside?: boolean;
  closeOnEscape?: boolean;
  showClose?: boolean;
  className?: string;
}

/** Locks page scroll while open; released 200 ms after close so the closing animation does not jump (spec §9). */
function useLockScroll(open: boolean) {
  useEffect(() => {
    if (!open) return;
    const body = document.body;
    const previous = body.style.overflow;
    body.style.overflow = 'hidden';
    return () => {
      setTimeout(() => {
        body.style.overflow = previous;
      }, 200);
    };
  }, [open]);
}

// The focus trap lives here, not in a hook module of its own: every popup that needs it is a
// dialog, and one chunk is one request less on the first visit (the bulletin).
/** The controls Tab reaches inside `root`, in order (tabIndex -1 and disabled ones are skipped). */
const focusableIn = (root: HTMLElement): HTMLElement[] =>
  [...root.querySelectorAll<HTMLElement>('a[href],button,input,select,textarea,[tabindex]')].filter(
    (el) => el.tabIndex >= 0 && !(el as HTMLButtonElement).disabled,
  );

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
      const first = controls[0] ?? root;
      const last = controls[controls.length - 1] ?? root;
      const current = document.activeElement;
      const isOutside = !root.contains(current);
      // At either end (or from the container itself, or from outside) Tab wraps to the other end.
      if (e.shiftKey ? current === first || current === root || isOutside : current === last || isOutside) {
        e.preventDefault();
        (e.shiftKey ? last : first).focus();
      }
    };
    const onFocusIn = (e: FocusEvent) => {
      if (isInnermost() && !root.contains(e.target as Node)) root.focus({ preventScroll: true });
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

export function Dialog({
  open,
  title,
  children,
  footer,
  beforeClose,
  onClose,
  closeOnClickOutside = true,
  closeOnEscape = true,
  showClose = true,
  className,
}: DialogProps) {
  const titleId = useId();
  const z = useRef(0);
  if (open && z.current === 0) z.current = POPUP_BASE_Z + ++zCounter;
  if (!open) z.current = 0;
  useLockScroll(open);
  const dialogRef = useRef<HTMLDivElement>(null);
  useFocusTrap(dialogRef, open);

  const requestClose = () => (beforeClose ? beforeClose(onClose) : onClose());
  const requestCloseRef = useRef(requestClose);
  requestCloseRef.current = requestClose;

  useEffect(() => {
    if (!open || !closeOnEscape) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') requestCloseRef.current();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, closeOnEscape]);

  if (!open) return null;
  return createPortal(
    <div
      className="ld-dialog__mask"
      style={{ zIndex: z.current }}
      onClick={(e) => {
        if (closeOnClickOutside && e.target === e.currentTarget) requestClose();
      }}
    >
      <div
        ref={dialogRef}
        tabIndex={-1}
        className={`ld-dialog ${className ?? ''}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={title ? titleId : undefined}
      >
        {title && (
          <div className="ld-dialog__title" id={titleId}>
            {title}
          </div>
        )}
        {showClose && (
          <button type="button" className="ld-dialog__close" aria-label="关闭" onClick={requestClose}>
            ×
          </button>
        )}
        <div className="ld-dialog__body">{children}</div>
        {footer && <div className="ld-dialog__footer">{footer}</div>}
      </div>
    </div>,
    document.body,
  );
}
