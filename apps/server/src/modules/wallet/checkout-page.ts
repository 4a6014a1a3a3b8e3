import { formatYuan, type Order } from '@ld/contract/wallet';

const escapeHtml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

/**
 * The sandbox provider's checkout page: plain HTML and a form, no script (the CSP allows only
 * scripts from this origin), styled inline for a phone screen.
 */
export function renderCheckoutPage(view: { merchant: string; subject: string; order: Order }): string {
  const { order } = view;
  // After paying (or for an order already settled) the recharge page shows this order's result;
  // cancelling goes back to the plain recharge page.
  const back = `/recharge?orderId=${encodeURIComponent(order.orderId)}`;
  const canPay = order.status === 'created';
  const action = canPay
    ? `<form method="post" action="/api/v1/pay/sandbox/checkout/${encodeURIComponent(order.orderId)}/confirm">
        <button type="submit" class="pay">确认支付</button>
      </form>
      <a class="cancel" href="/recharge">取消支付</a>`
    : `<p class="state">该订单${escapeHtml(order.statusText)}，无需再次支付</p>
      <a class="cancel" href="${escapeHtml(back)}">返回充值页</a>`;
  return `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>沙箱收银台 - ${escapeHtml(view.merchant)}</title>
<style>
  body { margin: 0; font-family: system-ui, -apple-system, "PingFang SC", "Noto Sans CJK SC", sans-serif; background: #eef5ff; color: #1f2d3d; }
  main { max-width: 520px; margin: 0 auto; padding: 24px 16px; }
  .card { background: #fff; border-radius: 12px; padding: 20px; box-shadow: 0 2px 8px rgba(40, 100, 200, 0.08); }
  h1 { font-size: 18px; margin: 0 0 4px; }
  .hint { color: #7a8699; font-size: 13px; margin: 0 0 16px; }
  .amount { font-size: 36px; font-weight: 700; text-align: center; margin: 16px 0; color: #1677ff; }
  dl { display: grid; grid-template-columns: 5em 1fr; gap: 8px; font-size: 14px; margin: 0 0 20px; }
  dt { color: #7a8699; }
  dd { margin: 0; word-break: break-all; }
  .pay { width: 100%; padding: 12px; font-size: 16px; border: 0; border-radius: 24px; background: #1677ff; color: #fff; }
  .cancel { display: block; text-align: center; margin-top: 12px; color: #7a8699; font-size: 14px; }
  .state { text-align: center; color: #fa8c16; }
</style>
</head>
<body>
<main>
  <div class="card">
    <h1>沙箱收银台</h1>
    <p class="hint">这是测试用的支付页面，不会产生真实扣款。</p>
    <div class="amount">${escapeHtml(formatYuan(order.amount))}</div>
    <dl>
      <dt>商户</dt><dd>${escapeHtml(view.merchant)}</dd>
      <dt>商品</dt><dd>${escapeHtml(view.subject)}</dd>
      <dt>订单号</dt><dd>${escapeHtml(order.orderId)}</dd>
    </dl>
    ${action}
  </div>
</main>
</body>
</html>`;
}
