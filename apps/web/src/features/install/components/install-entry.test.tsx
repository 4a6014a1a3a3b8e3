import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { captureInstallPrompt } from '../../../shared/lib/install-prompt';
import { useToastStore } from '../../../shared/ui/toast-store';
import { renderApp } from '../../../testing/render';
import { InstallEntry } from './install-entry';

const WECHAT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.50(0x1800322d) NetType/WIFI Language/zh_CN';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

const asBrowser = (userAgent: string) => vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(userAgent);

/** Chrome's install offer as the browser fires it: an event with prompt() and the reader's choice. */
function offerInstall(outcome: 'accepted' | 'dismissed') {
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt: vi.fn(async () => undefined),
    userChoice: Promise.resolve({ outcome }),
  });
  act(() => {
    window.dispatchEvent(event);
  });
  return event;
}

beforeAll(() => captureInstallPrompt());

describe('添加到主屏幕 in 我的', () => {
  it('inside WeChat, tells the reader to open the page in the browser first', async () => {
    asBrowser(WECHAT);
    const { user } = renderApp(<InstallEntry />);
    await user.click(screen.getByRole('button', { name: /添加到主屏幕/ }));
    const guide = await screen.findByRole('dialog', { name: '添加到主屏幕' });
    expect(guide.textContent).toContain('微信内的浏览器不能添加到主屏幕');
    expect(guide.textContent).toContain('在浏览器中打开');
    await user.click(within(guide).getByRole('button', { name: '我知道了' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('on iOS Safari, walks through 分享 → 添加到主屏幕', async () => {
    asBrowser(IPHONE_SAFARI);
    const { user } = renderApp(<InstallEntry />);
    await user.click(screen.getByRole('button', { name: /添加到主屏幕/ }));
    const guide = await screen.findByRole('dialog', { name: '添加到主屏幕' });
    expect(guide.textContent).toMatch(/分享.*添加到主屏幕/);
  });

  it('where the browser offered to install, opens its dialog instead of a guide, once', async () => {
    const { user } = renderApp(<InstallEntry />);
    const offer = offerInstall('accepted');
    // The browser's own bar is not shown: the entry offers it.
    expect(offer.defaultPrevented).toBe(true);
    await user.click(screen.getByRole('button', { name: /添加到主屏幕/ }));
    expect(offer.prompt).toHaveBeenCalledTimes(1);
    await waitFor(() =>
      expect(useToastStore.getState().items.map((t) => t.message)).toEqual(['已添加到主屏幕']),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    // The offer is used up: a second tap shows the browser's guide.
    await user.click(screen.getByRole('button', { name: /添加到主屏幕/ }));
    expect(await screen.findByRole('dialog', { name: '添加到主屏幕' })).toBeTruthy();
    expect(offer.prompt).toHaveBeenCalledTimes(1);
  });

  it('is not shown in the installed app', () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query === '(display-mode: standalone)' }));
    renderApp(<InstallEntry />);
    expect(screen.queryByRole('button', { name: /添加到主屏幕/ })).toBeNull();
  });
});
