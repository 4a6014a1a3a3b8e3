import { Link } from 'react-router';
import { CURRENCY_NAME } from '../../../shared/lib/brand';
import './home.css';

const ENTRIES = [
  { to: '/games', label: '游戏中心', icon: '🎮' },
  { to: '/square', label: '礼包广场', icon: '🎁' },
  { to: '/novels', label: '书城', icon: '📚' },
  { to: '/recharge', label: `${CURRENCY_NAME}充值`, icon: '💎' },
  { to: '/faq', label: '常见问题', icon: '❓' },
];

/** 首页: two image banners (friend invite, an event), both to check-in (spec §2), and quick entries. */
export default function HomePage() {
  return (
    <div className="home">
      <Link to="/checkin" className="home__banner">
        <img
          src="/banners/invite.svg"
          alt="邀请好友，一起领钻"
          width={690}
          height={260}
          fetchPriority="high"
        />
      </Link>
      <Link to="/checkin" className="home__banner">
        <img src="/banners/event.svg" alt="每日签到，连签有礼" width={690} height={260} />
      </Link>
      <nav className="home__entries" aria-label="快捷入口">
        {ENTRIES.map((e) => (
          <Link key={e.to} to={e.to} className="home__entry">
            <span className="home__entry-icon" aria-hidden="true">
              {e.icon}
            </span>
            {e.label}
          </Link>
        ))}
      </nav>
    </div>
  );
}
