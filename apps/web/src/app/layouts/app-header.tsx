import { useUnreadCount } from '../../features/messages/api/get-messages';
import { hasAppDownload, useClientConfig } from '../../shared/api/get-client-config';
import { useUserStatus } from '../../shared/api/get-user-status';
import { APP_TITLE, BRAND_PREFIX } from '../../shared/lib/brand';
import { badgeText } from '../../shared/lib/format';
import { useIsLoggedIn } from '../../shared/stores/account';
import { Avatar } from '../../shared/ui/avatar';
import { Link } from '../../shared/ui/link';

/** Layout A's header (spec §1): login for guests, avatar and message badge for users, or the app download. */
export function AppHeader() {
  const isLoggedIn = useIsLoggedIn();
  const config = useClientConfig();
  const status = useUserStatus();
  const unread = useUnreadCount();

  let right: React.ReactNode;
  if (hasAppDownload(config.data)) {
    right = (
      <Link to="/download" className="app-header__download">
        <img src={`${BRAND_PREFIX}/download.svg`} alt="下载APP" width={99} height={36} />
      </Link>
    );
  } else if (!isLoggedIn) {
    right = (
      <Link to="/login" className="app-header__login">
        登录/注册
      </Link>
    );
  } else {
    const count = unread.data ?? 0;
    right = (
      <span className="app-header__user">
        <Link to="/message" className="app-header__messages" aria-label={`系统消息，${count} 条未读`}>
          {count > 0 && <span className="badge">{badgeText(count)}</span>}
          <span aria-hidden="true">✉</span>
        </Link>
        <Link to="/profile" aria-label="我的">
          <Avatar src={status.data?.avatar ?? null} name={status.data?.name ?? ''} size={32} />
        </Link>
      </span>
    );
  }

  return (
    <header className="app-header">
      <Link to="/" className="app-header__brand">
        {/* The name beside it says it: an alt would be read twice (Lighthouse image-redundant-alt). */}
        <img src={`${BRAND_PREFIX}/logo.svg`} alt="" width={28} height={28} />
        <span>{APP_TITLE}</span>
      </Link>
      {right}
    </header>
  );
}
