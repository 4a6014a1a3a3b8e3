import type { SVGProps } from 'react';

// Outline icons for entries and shortcuts, drawn like the tab icons (24-unit grid, 1.8 stroke,
// currentColor), so they render the same on every phone; emoji showed as empty boxes where no
// emoji font is installed.

const outline = (props: SVGProps<SVGSVGElement>) => ({
  width: '1.5rem',
  height: '1.5rem',
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.8,
  strokeLinecap: 'round' as const,
  strokeLinejoin: 'round' as const,
  'aria-hidden': true,
  ...props,
});

export function GamepadIcon(p: SVGProps<SVGSVGElement>) {
  return (
    <svg {...outline(p)} aria-hidden="true">
      <path d="M7 7h10a4.5 4.5 0 0 1 4.4 5.5l-.9 4A2.6 2.6 0 0 1 16 18l-2-2h-4l-2 2a2.6 2.6 0 0 1-4.5-1.5l-.9-4A4.5 4.5 0 0 1 7 7z" />
      <path d="M8 10.5v3M6.5 12h3M15.5 11h.01M17.5 13h.01" />
    </svg>
  );
}

export function GiftIcon(p: SVGProps<SVGSVGElement>) {
  return (
    <svg {...outline(p)} aria-hidden="true">
      <path d="M4 9.5h16v3H4zM5.5 12.5V20h13v-7.5M12 9.5V20" />
      <path d="M12 9.5C10.5 6 7 5.5 7 7.5S10 9.5 12 9.5c2 0 5 0 5-2s-3.5-1.5-5 2z" />
    </svg>
  );
}

export function BookIcon(p: SVGProps<SVGSVGElement>) {
  return (
    <svg {...outline(p)} aria-hidden="true">
      <path d="M12 6.5C10 5 7 4.5 4 5v13c3-.5 6 0 8 1.5 2-1.5 5-2 8-1.5V5c-3-.5-6 0-8 1.5z" />
      <path d="M12 6.5v13" />
    </svg>
  );
}

export function DiamondIcon(p: SVGProps<SVGSVGElement>) {
  return (
    <svg {...outline(p)} aria-hidden="true">
      <path d="M7 4.5h10l3.5 5L12 20 3.5 9.5z" />
      <path d="M3.5 9.5h17M9.5 4.5 8 9.5l4 10.5 4-10.5-1.5-5" />
    </svg>
  );
}

export function HelpIcon(p: SVGProps<SVGSVGElement>) {
  return (
    <svg {...outline(p)} aria-hidden="true">
      <circle cx="12" cy="12" r="8.5" />
      <path d="M9.6 9.6a2.5 2.5 0 1 1 3.4 2.3c-.6.3-1 .8-1 1.5v.6M12 16.8h.01" />
    </svg>
  );
}

export function CalendarCheckIcon(p: SVGProps<SVGSVGElement>) {
  return (
    <svg {...outline(p)} aria-hidden="true">
      <rect x="3.5" y="5" width="17" height="15" rx="2.5" />
      <path d="M3.5 9.5h17M8 3v4M16 3v4M9 14.5l2 2 4-4" />
    </svg>
  );
}

export function FlagIcon(p: SVGProps<SVGSVGElement>) {
  return (
    <svg {...outline(p)} aria-hidden="true">
      <path d="M5.5 21V4M5.5 4.5c4-2 7 2 12.5 0v8.5c-5.5 2-8.5-2-12.5 0" />
    </svg>
  );
}

export function PlayIcon(p: SVGProps<SVGSVGElement>) {
  return (
    <svg {...outline(p)} aria-hidden="true">
      <rect x="3" y="5" width="18" height="14" rx="3" />
      <path d="M10 9.2v5.6l4.8-2.8z" />
    </svg>
  );
}

export function UserPlusIcon(p: SVGProps<SVGSVGElement>) {
  return (
    <svg {...outline(p)} aria-hidden="true">
      <circle cx="10" cy="8" r="3.8" />
      <path d="M3 20c.8-3.6 3.6-5.5 7-5.5 1.7 0 3.2.5 4.4 1.3M18.5 13.5v6M15.5 16.5h6" />
    </svg>
  );
}

export function SearchIcon(p: SVGProps<SVGSVGElement>) {
  return (
    <svg {...outline(p)} aria-hidden="true">
      <circle cx="11" cy="11" r="6.5" />
      <path d="m16 16 4.5 4.5" />
    </svg>
  );
}
