import { type ReactNode, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useFocusTrap } from '../hooks/use-focus-trap';
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
