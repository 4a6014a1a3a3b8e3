import { type ReactNode, useEffect, useRef } from 'react';
import { useFocusTrap } from '../../../shared/ui/dialog';

/** A panel over the reader (bottom sheet or side drawer) with a mask; Escape and the mask close it. */
export function Sheet({
  title,
  side,
  onClose,
  children,
  className = '',
}: {
  title: string;
  side: 'bottom' | 'left';
  onClose(): void;
  children: ReactNode;
  className?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useFocusTrap(ref, true);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <div className="reader-sheet__mask" onClick={(e) => e.target === e.currentTarget && onClose()}>
      <div
        ref={ref}
        tabIndex={-1}
        role="dialog"
        aria-modal="true"
        aria-label={title}
        className={`reader-sheet reader-sheet--${side} ${className}`}
      >
        <div className="reader-sheet__head">
          <h2>{title}</h2>
          <button type="button" className="reader-sheet__close" aria-label="关闭" onClick={onClose}>
            ×
          </button>
        </div>
        {children}
      </div>
    </div>
  );
}
