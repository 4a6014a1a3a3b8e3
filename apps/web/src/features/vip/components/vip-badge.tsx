import type { VipBadge as Badge } from '@ld/contract/vip';
import { pxToRem } from '../../../shared/lib/rem';
import { badgeText } from '../lib/membership';

// Light top, dark bottom: the white letter sits on the dark half, ≥ 4.5:1 there (decision 0028).
const COLOURS: Record<Badge, [string, string]> = {
  month: ['#6fb0ff', '#1a5fcc'],
  normal: ['#ffc54d', '#9a5200'],
  year: ['#c7a0ff', '#6a2fd6'],
};

/** The plan badge (badges-month / badges-normal / badges-year): a small crest with 月, 季 or 年. */
export function VipBadge({ badge, size = 36 }: { badge: Badge; size?: number }) {
  const [light, dark] = COLOURS[badge];
  const id = `vip-badge-${badge}`;
  return (
    <svg
      width={pxToRem(size)}
      height={pxToRem(size)}
      viewBox="0 0 36 36"
      role="img"
      aria-label={`${badgeText(badge)}卡徽章`}
    >
      <defs>
        <linearGradient id={id} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor={light} />
          <stop offset="1" stopColor={dark} />
        </linearGradient>
      </defs>
      <path d="M18 2 31 7v10c0 8-5.6 14.2-13 17C10.6 31.2 5 25 5 17V7z" fill={`url(#${id})`} />
      <path
        d="M18 5.5 28 9.4V17c0 6.2-4.2 11.1-10 13.5C12.2 28.1 8 23.2 8 17V9.4z"
        fill="none"
        stroke="#fff"
        strokeOpacity=".6"
      />
      <text x="18" y="22.5" textAnchor="middle" fontSize="13" fontWeight="700" fill="#fff">
        {badgeText(badge)}
      </text>
    </svg>
  );
}
