import { Outlet, useMatches, useNavigate } from 'react-router';
import { BackIcon } from '../../shared/icons/tab-icons';
import { APP_TITLE, BRAND_PREFIX } from '../../shared/lib/brand';
import { KeepAliveOutlet } from '../keep-alive';
import type { RouteMeta } from '../route-meta';
import { pathOf } from '../routes';

/** Back goes to the route named in meta.back, otherwise browser back (home when there is no history). */
export function useBack(meta: RouteMeta | undefined) {
  const navigate = useNavigate();
  return () => {
    if (meta?.back) navigate(pathOf(meta.back));
    else if (window.history.state?.idx > 0) navigate(-1);
    else navigate('/');
  };
}

/** Layout B: back button and the title, or the logo when there is none; none when `header: false` (own toolbars). */
export function SimpleLayout({ cached = true }: { cached?: boolean }) {
  const matches = useMatches();
  const meta = matches[matches.length - 1]?.handle as RouteMeta | undefined;
  const back = useBack(meta);
  return (
    <div className="layout-simple">
      {meta?.header !== false && (
        <header className="simple-header">
          <button type="button" className="simple-header__back" aria-label="返回" onClick={back}>
            <BackIcon />
          </button>
          {meta?.title ? (
            <h1 className="simple-header__title">{meta.title}</h1>
          ) : (
            <img
              className="simple-header__logo"
              src={`${BRAND_PREFIX}/logo.svg`}
              alt={APP_TITLE}
              width={28}
              height={28}
            />
          )}
          <span className="simple-header__spacer" />
        </header>
      )}
      <main className="layout-simple__page">{cached ? <KeepAliveOutlet /> : <Outlet />}</main>
    </div>
  );
}
