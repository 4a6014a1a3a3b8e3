import { Link } from './link';
import './states.css';

/** Loading, empty and error states shared by every list and page (DESIGN §9). */
export function Loading({ text = '加载中…' }: { text?: string }) {
  return (
    <div className="state state--loading" role="status">
      <span className="spinner" aria-hidden="true" />
      {text}
    </div>
  );
}

export function Empty({ text = '暂无内容', action }: { text?: string; action?: React.ReactNode }) {
  return (
    <div className="state state--empty">
      <svg width="4.5rem" height="4.5rem" viewBox="0 0 72 72" aria-hidden="true">
        <rect x="14" y="20" width="44" height="36" rx="6" fill="#e8f1ff" />
        <path d="M14 30h44" stroke="#c6dafc" strokeWidth="3" />
        <circle cx="36" cy="43" r="6" fill="#c6dafc" />
      </svg>
      <p>{text}</p>
      {action}
    </div>
  );
}

/**
 * What the address names is not there (an unknown id, taken down, a stale link): says so, with the
 * way on. Never a retry: asking again gets the same answer (`isNotFound` in shared/http/client.ts).
 */
export function NotThere({
  text,
  to,
  label,
  className,
}: {
  text: string;
  to: string;
  label: string;
  className?: string;
}) {
  return (
    <Empty
      text={text}
      action={
        <Link to={to} className={className ? `btn btn--ghost ${className}` : 'btn btn--ghost'}>
          {label}
        </Link>
      }
    />
  );
}

export function ErrorState({
  text = '加载失败，请检查网络后重试',
  onRetry,
}: {
  text?: string;
  onRetry: () => void;
}) {
  return (
    <div className="state state--error" role="alert">
      <p>{text}</p>
      <button type="button" className="btn btn--ghost" onClick={onRetry}>
        重新加载
      </button>
    </div>
  );
}
