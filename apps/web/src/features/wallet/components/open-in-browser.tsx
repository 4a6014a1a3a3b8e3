import { useLocation } from 'react-router';
import { copyText } from '../../../shared/lib/copy-text';
import './open-in-browser.css';

/**
 * Inside WeChat the payment pages do not open: say so, and offer what works there — the menu's
 * "open in browser", or copying the link into the phone's browser. Never a button that does nothing.
 */
export function OpenInBrowser({ hidden }: { hidden: string[] }) {
  const location = useLocation();
  const copyLink = () => {
    // This page as the router has it, without a payment result the browser should not reopen.
    const url = new URL(`${location.pathname}${location.search}`, window.location.origin);
    url.searchParams.delete('orderId');
    void copyText(url.toString());
  };
  return (
    <section className="open-in-browser" aria-labelledby="open-in-browser-title">
      <svg
        className="open-in-browser__arrow"
        width="2.5rem"
        height="2.5rem"
        viewBox="0 0 40 40"
        aria-hidden="true"
      >
        <path
          d="M8 34C14 18 24 10 34 8m0 0-8-2m8 2-3 7"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.5"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <h3 id="open-in-browser-title">请在浏览器中打开后充值</h3>
      <p>
        微信内无法打开{hidden.join('和')}的支付页面。请点击右上角「···」，选择「在浏览器中打开」；
        或复制本页链接，粘贴到手机浏览器中打开。
      </p>
      <button type="button" className="btn btn--primary btn--block" onClick={copyLink}>
        复制链接
      </button>
    </section>
  );
}
