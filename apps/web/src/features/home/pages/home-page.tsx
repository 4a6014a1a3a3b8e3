import { Link } from 'react-router';
import { BookIcon, DiamondIcon, GamepadIcon, GiftIcon, HelpIcon } from '../../../shared/icons/entry-icons';
import { CURRENCY_NAME } from '../../../shared/lib/brand';
import { HOME_BANNERS } from '../lib/banners';
import './home.css';

const ENTRIES = [
  { to: '/games', label: '游戏中心', Icon: GamepadIcon },
  { to: '/square', label: '礼包广场', Icon: GiftIcon },
  { to: '/novels', label: '书城', Icon: BookIcon },
  { to: '/recharge', label: `${CURRENCY_NAME}充值`, Icon: DiamondIcon },
  { to: '/faq', label: '常见问题', Icon: HelpIcon },
];

/** 首页: two image banners (friend invite, an event), both to check-in (spec §2), and quick entries. */
export default function HomePage() {
  return (
    <div className="home">
      {HOME_BANNERS.map((b) => (
        // Above the fold and the largest paint: fetched first, never lazily.
        <Link key={b.src} to="/checkin" className="home__banner">
          <img src={b.src} alt={b.alt} width={690} height={260} loading="eager" fetchPriority="high" />
        </Link>
      ))}
      <nav className="home__entries" aria-label="快捷入口">
        {ENTRIES.map((e) => (
          <Link key={e.to} to={e.to} className="home__entry">
            <span className="home__entry-icon">
              <e.Icon />
            </span>
            {e.label}
          </Link>
        ))}
      </nav>
    </div>
  );
}
