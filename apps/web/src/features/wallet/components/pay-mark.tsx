import type { PayProvider } from '@ld/contract/wallet';

// Marks drawn here, in the providers' colours, so no logo file is fetched or shipped.

function AlipayMark() {
  return (
    <svg width="1.5rem" height="1.5rem" viewBox="0 0 24 24" aria-hidden="true">
      <rect width="24" height="24" rx="5.5" fill="#1677ff" />
      <path
        d="M6.2 8.1h11.6M12 5.3v5.6M7.6 11.2h8.6c-.9 3.1-3.3 5.6-7.9 7.2M9.6 13.6c2.2 1.9 5 3.5 8.6 4.6"
        fill="none"
        stroke="#fff"
        strokeWidth="1.7"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

function WechatPayMark() {
  return (
    <svg width="1.5rem" height="1.5rem" viewBox="0 0 24 24" aria-hidden="true">
      <rect width="24" height="24" rx="5.5" fill="#07c160" />
      <ellipse cx="10" cy="10.2" rx="5.6" ry="4.6" fill="#fff" />
      <path d="m6.8 13.6-.7 2.3 2.5-1.3z" fill="#fff" />
      <ellipse cx="15.2" cy="14.3" rx="4.6" ry="3.8" fill="#fff" stroke="#07c160" strokeWidth="1.1" />
      <path d="m17.6 17.4.6 1.9-2.2-1.1z" fill="#fff" />
      <circle cx="8.2" cy="9.4" r=".85" fill="#07c160" />
      <circle cx="11.8" cy="9.4" r=".85" fill="#07c160" />
      <circle cx="13.7" cy="13.8" r=".7" fill="#07c160" />
      <circle cx="16.7" cy="13.8" r=".7" fill="#07c160" />
    </svg>
  );
}

function SandboxMark() {
  return (
    <svg width="1.5rem" height="1.5rem" viewBox="0 0 24 24" aria-hidden="true">
      <rect width="24" height="24" rx="5.5" fill="#8c99ad" />
      <path
        d="M9.5 5.5h5M10.5 5.5v4.3l-4 7.2c-.5.9.1 1.9 1.1 1.9h8.8c1 0 1.6-1 1.1-1.9l-4-7.2V5.5M8.4 14.2h7.2"
        fill="none"
        stroke="#fff"
        strokeWidth="1.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** A provider's mark beside its name on the recharge page. */
export function PayMark({ provider }: { provider: PayProvider }) {
  if (provider === 'alipay') return <AlipayMark />;
  if (provider === 'wechat') return <WechatPayMark />;
  return <SandboxMark />;
}
