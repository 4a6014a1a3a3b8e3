import { formatDate } from '@ld/contract/relative-time';
import type { ReactNode } from 'react';
import { useUserStatus } from '../../../shared/api/get-user-status';
import { CURRENCY_NAME } from '../../../shared/lib/brand';
import { badgeText } from '../../../shared/lib/format';
import { loginHref } from '../../../shared/lib/login-redirect';
import { useAccountStore, useIsLoggedIn } from '../../../shared/stores/account';
import { Avatar } from '../../../shared/ui/avatar';
import { Link } from '../../../shared/ui/link';
import { LogoutButton } from './logout-button';
import { ProfileIcon } from './profile-icons';
import './profile-hub.css';

interface Entry {
  to: string;
  label: string;
  icon: string;
  color: string;
}

/** The 我的 list (spec §2); entries that need login pass through the guard. */
const ENTRIES: Entry[] = [
  { to: '/message', label: '系统消息', icon: 'message', color: '#3d8bfd' },
  { to: '/gifts', label: '奖励礼包', icon: 'gift', color: '#f25c7a' },
  { to: '/invite', label: '邀请好友', icon: 'invite', color: '#f07a3c' },
  { to: '/recharge', label: `${CURRENCY_NAME}充值`, icon: 'diamond', color: '#1fa2e8' },
  { to: '/novels', label: '书城', icon: 'book', color: '#1f9d8f' },
  { to: '/readhistory', label: '阅读记录', icon: 'book', color: '#f29a1f' },
  { to: '/subscriblist', label: '我的订阅', icon: 'bookmark', color: '#6b7cf6' },
  { to: '/commenthistory', label: '我的发布和评论', icon: 'comment', color: '#2fb36c' },
  { to: '/faq', label: '常见问题', icon: 'help', color: '#9b6bf2' },
  { to: '/business', label: '合作共赢', icon: 'handshake', color: '#f07a3c' },
  { to: '/user', label: '个人中心', icon: 'user', color: '#3d8bfd' },
  { to: '/reset', label: '修改密码', icon: 'lock', color: '#7a869a' },
];

function AccountCard() {
  const isLoggedIn = useIsLoggedIn();
  const account = useAccountStore((s) => s.account);
  const status = useUserStatus();

  if (!isLoggedIn) {
    return (
      <section className="profile-account" aria-label="账号">
        <Avatar src={null} name={account.name} size={64} />
        <div className="profile-account__main">
          <div className="profile-account__name">未登录</div>
          <p className="profile-account__sub">登录后领礼包、签到、看消息</p>
        </div>
        <Link to={loginHref('/profile')} className="profile-account__login">
          登录/注册
        </Link>
      </section>
    );
  }

  const user = status.data;
  const name = user?.name ?? account.name;
  return (
    <section className="profile-account" aria-label="账号">
      <Link to="/user" className="profile-account__avatar" aria-label="个人资料">
        <Avatar src={user?.avatar ?? null} name={name} size={64} />
      </Link>
      <div className="profile-account__main">
        <div className="profile-account__name">
          <span className="profile-account__name-text">{name}</span>
          {user?.isMember && <span className="profile-account__vip">会员</span>}
        </div>
        <p className="profile-account__sub">UID {account.uid}</p>
        {user?.isMember && user.expTime && (
          <p className="profile-account__sub">会员有效期至 {formatDate(new Date(user.expTime))}</p>
        )}
      </div>
    </section>
  );
}

function BalanceCard() {
  const isLoggedIn = useIsLoggedIn();
  const status = useUserStatus();
  const coins = status.data?.coinNum;
  return (
    <section className="profile-balance" aria-label={`我的${CURRENCY_NAME}`}>
      <div>
        <div className="profile-balance__label">我的{CURRENCY_NAME}</div>
        <div className="profile-balance__value">
          {isLoggedIn ? (coins ?? '…') : '--'}
          <span className="profile-balance__unit">{CURRENCY_NAME}</span>
        </div>
      </div>
      <div className="profile-balance__actions">
        <Link to="/recharge" className="profile-balance__detail">
          明细
        </Link>
        <Link to="/recharge" className="profile-balance__recharge">
          充值
        </Link>
      </div>
    </section>
  );
}

function MemberEntry() {
  const status = useUserStatus();
  const isMember = status.data?.isMember ?? false;
  return (
    <Link to="/profile?fun=member" className="profile-member">
      <span className="profile-member__crown">
        <ProfileIcon name="crown" size={26} />
      </span>
      <span className="profile-member__text">
        <strong>{isMember ? '续费会员' : '开通会员'}</strong>
        <span>付费游戏免费下载 · 会员章节免费读</span>
      </span>
      <span className="profile-member__go">{isMember ? '续费' : '立即开通'}</span>
    </Link>
  );
}

/**
 * 我的: account, balance, membership and the entries to everything personal; `unreadCount` badges
 * 系统消息; `extra` comes below the list (添加到主屏幕, composed by app/pages/profile-page.tsx).
 */
export function ProfileHub({ unreadCount = 0, extra }: { unreadCount?: number; extra?: ReactNode }) {
  const isLoggedIn = useIsLoggedIn();

  return (
    <div className="profile">
      <div className="profile__top">
        <AccountCard />
        <BalanceCard />
      </div>
      <MemberEntry />
      <nav className="profile-entries" aria-label="我的功能">
        {ENTRIES.map((entry) => {
          const hasBadge = entry.to === '/message' && unreadCount > 0;
          return (
            <Link
              key={entry.to}
              to={entry.to}
              className="profile-entries__item"
              aria-label={hasBadge ? `${entry.label}，${unreadCount} 条未读` : entry.label}
            >
              <span
                className="profile-entries__icon"
                style={{ color: entry.color, background: `${entry.color}1a` }}
              >
                <ProfileIcon name={entry.icon} />
              </span>
              <span className="profile-entries__label">{entry.label}</span>
              {hasBadge && <span className="profile-entries__badge">{badgeText(unreadCount)}</span>}
              <span className="profile-entries__arrow" aria-hidden="true">
                ›
              </span>
            </Link>
          );
        })}
      </nav>
      {extra}
      {isLoggedIn && <LogoutButton />}
    </div>
  );
}
