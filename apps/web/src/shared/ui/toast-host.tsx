import { useEffect, useRef } from 'react';
import { type ToastItem, useToastStore } from './toast-store';
import './toast.css';

const ICONS: Record<ToastItem['type'], string> = { success: '✓', info: 'i', warning: '!', error: '✕' };

function Toast({ item }: { item: ToastItem }) {
  const close = useToastStore((s) => s.close);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const start = () => {
    clearTimeout(timer.current);
    if (item.duration > 0) timer.current = setTimeout(() => close(item.id), item.duration);
  };
  const pause = () => clearTimeout(timer.current);

  // A repeat of a grouped message restarts its countdown.
  // biome-ignore lint/correctness/useExhaustiveDependencies: restart only when the count or duration changes
  useEffect(() => {
    start();
    return pause;
  }, [item.repeatNum, item.duration]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') close(item.id);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [close, item.id]);

  return (
    <div
      className={`ld-toast ld-toast--${item.type}`}
      role={item.type === 'error' ? 'alert' : 'status'}
      // The offset is the gap above this toast (the page top for the first): px at the 375 design width.
      style={{ marginTop: `${item.offset / 16}rem` }}
      onMouseEnter={pause}
      onMouseLeave={start}
    >
      <span className="ld-toast__icon" aria-hidden="true">
        {ICONS[item.type]}
      </span>
      <span className="ld-toast__message">{item.message}</span>
      {item.repeatNum > 1 && <span className="ld-toast__badge">{item.repeatNum}</span>}
      {item.showClose && (
        <button
          type="button"
          className="ld-toast__close"
          aria-label="关闭提示"
          onClick={() => close(item.id)}
        >
          ×
        </button>
      )}
    </div>
  );
}

/**
 * The toasts in a column from the top, each `offset` (16 px) below the one before. They stack in
 * the normal flow, so a toast of two or more lines pushes the next one down instead of overlapping.
 */
export function ToastHost() {
  const items = useToastStore((s) => s.items);
  return (
    <div className="ld-toast-host" aria-live="polite">
      {items.map((item) => (
        <Toast key={item.id} item={item} />
      ))}
    </div>
  );
}
