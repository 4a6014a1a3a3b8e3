import './states.css';

/**
 * Shown by the router when a page itself fails to load (a new deployment, a lost connection). Apart
 * from the list states in states.tsx: the router needs it in the first load, the lists do not.
 */
export function PageError() {
  return (
    <div className="state state--error page-error" role="alert">
      <p>页面加载失败，可能是网络不稳定或应用已更新</p>
      <button type="button" className="btn btn--primary" onClick={() => window.location.reload()}>
        刷新页面
      </button>
    </div>
  );
}
