import { useEffect, useRef } from 'react';
import { type ToastItem, useToastStore } from './toast-store';
import './toast.css';

const ICONS: Record<ToastItem['type'], string> = { success: '✓', info: 'i', warning: '!', error: '✕' };

function Toast({ item, top }: { item: ToastItem; top: number }) {
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
      style={{ top }}
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

const GAP = 16;
const HEIGHT = 44;

/** Renders the toasts stacked from `offset` down, each 16px below the previous one. */
export function ToastHost() {
  const items = useToastStore((s) => s.items);
  let top = 0;
  return (
    <div className="ld-toast-host" aria-live="polite">
      {items.map((item, i) => {
        top = i === 0 ? item.offset : top + HEIGHT + GAP;
        return <Toast key={item.id} item={item} top={top} />;
      })}
    </div>
  );
}
