import type { ReactNode } from 'react';
import { pxToRem } from '../../../shared/lib/rem';

/** Line icons of the 我的 list, drawn in currentColor on a 24-unit grid (no emoji font is needed). */
const PATHS: Record<string, ReactNode> = {
  message: (
    <>
      <rect x="3" y="5" width="18" height="14" rx="2.5" />
      <path d="m4 7 8 6 8-6" />
    </>
  ),
  gift: (
    <>
      <rect x="3.5" y="9" width="17" height="11" rx="1.5" />
      <path d="M2.5 9h19M12 9v11M12 9c-2-4-6.5-4-6.5-1.5S10 9 12 9Zm0 0c2-4 6.5-4 6.5-1.5S14 9 12 9Z" />
    </>
  ),
  diamond: <path d="M7 4h10l4 5-9 11L3 9Zm-4 5h18M9.5 4 8 9l4 11 4-11-1.5-5" />,
  book: (
    <path d="M4 5.5C6.5 4 9.5 4 12 6c2.5-2 5.5-2 8-.5V19c-2.5-1.5-5.5-1.5-8 .5-2.5-2-5.5-2-8-.5Zm8 .5v13.5" />
  ),
  bookmark: <path d="M6 3.5h12v17l-6-4.5-6 4.5Z" />,
  comment: <path d="M4 5h16v11H9l-5 4Zm4 4.5h8M8 12.5h5" />,
  help: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.7.3-1 .9-1 1.7v.5M12 17h.01" />
    </>
  ),
  handshake: <path d="m3 11 4-4 5 2 5-2 4 4-5 5-2-1-2 2-2-1-2 1Zm9-2-3 3c1 1 2 1 3 0l2-1" />,
  user: (
    <>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 20c1.5-4 4.5-6 8-6s6.5 2 8 6" />
    </>
  ),
  lock: (
    <>
      <rect x="5" y="10" width="14" height="10" rx="2" />
      <path d="M8 10V7.5a4 4 0 0 1 8 0V10M12 14v2.5" />
    </>
  ),
  invite: (
    <>
      <circle cx="10" cy="8" r="4" />
      <path d="M3 20c1.3-3.8 3.8-6 7-6 1.6 0 3 .5 4.2 1.5M18 13v6M15 16h6" />
    </>
  ),
  crown: <path d="m3 8 4.5 4L12 5l4.5 7L21 8l-2 11H5Zm2 11h14" />,
};

export type ProfileIconName = keyof typeof PATHS;

export function ProfileIcon({ name, size = 20 }: { name: string; size?: number }) {
  return (
    <svg
      width={pxToRem(size)}
      height={pxToRem(size)}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      {PATHS[name]}
    </svg>
  );
}
