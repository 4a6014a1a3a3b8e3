import type { SVGProps } from 'react';

// Each tab has an outline icon and a separate filled icon for the active state (spec §2).
type IconProps = SVGProps<SVGSVGElement> & { active?: boolean };

const base = (props: SVGProps<SVGSVGElement>) => ({
  width: '1.5rem',
  height: '1.5rem',
  viewBox: '0 0 24 24',
  'aria-hidden': true,
  ...props,
});

export function HomeIcon({ active, ...p }: IconProps) {
  return (
    <svg {...base(p)} aria-hidden="true">
      <path
        d="M3.5 10.2 12 3.5l8.5 6.7V20a1 1 0 0 1-1 1h-5v-6h-5v6h-5a1 1 0 0 1-1-1z"
        fill={active ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function SquareIcon({ active, ...p }: IconProps) {
  return (
    <svg {...base(p)} aria-hidden="true">
      <path
        d="M4 5.5A2.5 2.5 0 0 1 6.5 3h11A2.5 2.5 0 0 1 20 5.5v9a2.5 2.5 0 0 1-2.5 2.5H10l-4.5 4v-4A2.5 2.5 0 0 1 4 14.5z"
        fill={active ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
      <path
        d="M8.5 9.5h7M8.5 12.5h4"
        stroke={active ? '#fff' : 'currentColor'}
        strokeWidth="1.8"
        strokeLinecap="round"
      />
    </svg>
  );
}

export function AnimateIcon({ active, ...p }: IconProps) {
  return (
    <svg {...base(p)} aria-hidden="true">
      <rect
        x="3"
        y="4"
        width="18"
        height="16"
        rx="3"
        fill={active ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="1.8"
      />
      <path d="M10 9v6l5-3z" fill={active ? '#fff' : 'currentColor'} />
    </svg>
  );
}

export function GamesIcon({ active, ...p }: IconProps) {
  return (
    <svg {...base(p)} aria-hidden="true">
      <path
        d="M7 7h10a5 5 0 0 1 4.9 6l-.7 3.4a2.6 2.6 0 0 1-4.5 1.2L14.5 15h-5l-2.2 2.6a2.6 2.6 0 0 1-4.5-1.2L2.1 13A5 5 0 0 1 7 7z"
        fill={active ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
      <path
        d="M7.5 10v3M6 11.5h3"
        stroke={active ? '#fff' : 'currentColor'}
        strokeWidth="1.6"
        strokeLinecap="round"
      />
      <circle cx="16" cy="11" r="1.1" fill={active ? '#fff' : 'currentColor'} />
    </svg>
  );
}

export function ProfileIcon({ active, ...p }: IconProps) {
  return (
    <svg {...base(p)} aria-hidden="true">
      <circle
        cx="12"
        cy="8"
        r="4"
        fill={active ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="1.8"
      />
      <path
        d="M4 20.5c.8-3.8 4-6 8-6s7.2 2.2 8 6z"
        fill={active ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function BackIcon(p: SVGProps<SVGSVGElement>) {
  return (
    <svg {...base(p)} aria-hidden="true">
      <path
        d="M15 5 8 12l7 7"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
