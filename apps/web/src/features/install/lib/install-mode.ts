/**
 * How 添加到主屏幕 works in this browser (docs/decisions/0051-installable-portal.md):
 * - `installed`: the portal already runs from the home screen (nothing to offer);
 * - `in-app`: inside an app's own browser (WeChat, QQ, Weibo, …), which cannot add to the home
 *   screen: open the page in the phone's browser first;
 * - `prompt`: the browser offered to install (Chrome's `beforeinstallprompt`): its own dialog;
 * - `ios`: Safari and the other iOS browsers: 分享 → 添加到主屏幕;
 * - `other`: any other browser: its menu, where it has the item.
 */
export type InstallMode =
  | { kind: 'installed' }
  | { kind: 'in-app'; app: string }
  | { kind: 'prompt' }
  | { kind: 'ios' }
  | { kind: 'other' };

export interface BrowserFacts {
  userAgent: string;
  /** Runs in its own window from the home screen (display-mode standalone, iOS `navigator.standalone`). */
  standalone: boolean;
  /** The browser's install offer is kept (shared/lib/install-prompt.ts). */
  canPrompt: boolean;
  /** iPadOS Safari calls itself a Mac: a touch screen tells them apart. */
  maxTouchPoints: number;
}

/** Apps whose own browser has no 添加到主屏幕, by the mark they put in the user agent. */
const IN_APP: Array<[RegExp, string]> = [
  [/MicroMessenger\//i, '微信'],
  [/\bQQ\/\d/i, 'QQ'],
  [/Weibo/i, '微博'],
  [/AlipayClient/i, '支付宝'],
  [/DingTalk/i, '钉钉'],
];

export function installMode(facts: BrowserFacts): InstallMode {
  if (facts.standalone) return { kind: 'installed' };
  const app = IN_APP.find(([mark]) => mark.test(facts.userAgent))?.[1];
  if (app) return { kind: 'in-app', app };
  if (facts.canPrompt) return { kind: 'prompt' };
  const isIos =
    /iPhone|iPad|iPod/.test(facts.userAgent) ||
    (/Macintosh/.test(facts.userAgent) && facts.maxTouchPoints > 1);
  if (isIos) return { kind: 'ios' };
  return { kind: 'other' };
}

/** The guide shown where the browser has no install dialog of its own: a line, then the steps. */
export function installGuide(mode: InstallMode): { lead: string; steps: string[] } | null {
  switch (mode.kind) {
    case 'in-app':
      return {
        lead: `${mode.app}内的浏览器不能添加到主屏幕，请先用手机的浏览器打开本页：`,
        steps: [
          '点右上角的「···」。',
          '选择「在浏览器中打开」。',
          '在浏览器中打开「我的」，再点「添加到主屏幕」。',
        ],
      };
    case 'ios':
      return {
        lead: '三步把蓝钻乐园放到主屏幕：',
        steps: [
          '点浏览器的「分享」按钮（方框加向上的箭头）。',
          '在列表中选择「添加到主屏幕」。',
          '点右上角的「添加」。',
        ],
      };
    case 'other':
      return {
        lead: '在浏览器的菜单中添加：',
        steps: [
          '打开浏览器的菜单（通常在右上角或底部）。',
          '选择「添加到主屏幕」或「安装应用」。',
          '没有这一项时，请换用手机自带的浏览器或 Chrome 打开本站。',
        ],
      };
    default:
      return null;
  }
}
