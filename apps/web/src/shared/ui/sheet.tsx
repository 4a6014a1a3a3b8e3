import { type ReactNode, useEffect, useRef } from 'react';
import { useFocusTrap } from './dialog';

/**
 * A panel over a reader (a bottom sheet or a side drawer) with a mask: a titled dialog with 关闭;
 * Escape and the mask close it. `block` names the CSS of the mask, head and close button
 * (reader-sheet, comic-drawer); `className` the panel's own.
 */
export function Sheet({
  title,
  block,
  className,
  onClose,
  children,
}: {
  title: string;
  block: string;
  className: string;
  onClose(): void;
  children: ReactNode;
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
    <div className={`${block}__mask`} onClick={(e) => e.target === e.currentTarget && onClose()}>
      <div ref={ref} tabIndex={-1} role="dialog" aria-modal="true" aria-label={title} className={className}>
        <div className={`${block}__head`}>
          <h2>{title}</h2>
          <button type="button" className={`${block}__close`} aria-label="关闭" onClick={onClose}>
            ×
          </button>
        </div>
        {children}
      </div>
    </div>
  );
}
