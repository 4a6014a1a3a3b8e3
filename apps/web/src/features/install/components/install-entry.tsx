import { useState, useSyncExternalStore } from 'react';
import { hasInstallPrompt, promptInstall, subscribeInstallPrompt } from '../../../shared/lib/install-prompt';
import { pxToRem } from '../../../shared/lib/rem';
import { isInstalledApp } from '../../../shared/lib/service-worker-start';
import { Dialog } from '../../../shared/ui/dialog';
import { toast } from '../../../shared/ui/toast-store';
import { installGuide, installMode } from '../lib/install-mode';
import './install-entry.css';

const noSubscription = () => () => {};

/**
 * 添加到主屏幕 in 我的 (docs/decisions/0051-installable-portal.md): the browser's own install
 * dialog where it offers one, else a short guide for this browser (iOS: 分享 → 添加到主屏幕; inside
 * WeChat and other apps: open the page in the browser first). Hidden in the installed app. It
 * depends on the device, so it appears after hydration: the server's page never has it.
 */
export function InstallEntry() {
  const onClient = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const canPrompt = useSyncExternalStore(subscribeInstallPrompt, hasInstallPrompt, () => false);
  const [guideOpen, setGuideOpen] = useState(false);
  if (!onClient) return null;
  const mode = installMode({
    userAgent: navigator.userAgent,
    standalone: isInstalledApp(),
    canPrompt,
    maxTouchPoints: navigator.maxTouchPoints ?? 0,
  });
  if (mode.kind === 'installed') return null;
  const guide = installGuide(mode);

  const start = async () => {
    if (mode.kind === 'prompt') {
      const outcome = await promptInstall().catch(() => null);
      if (outcome === 'accepted') toast.success('已添加到主屏幕');
      if (outcome !== null) return;
    }
    setGuideOpen(true);
  };
  const close = () => setGuideOpen(false);

  return (
    <>
      <button type="button" className="install-entry" onClick={() => void start()}>
        <span className="install-entry__icon">
          <svg
            width={pxToRem(20)}
            height={pxToRem(20)}
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinecap="round"
            strokeLinejoin="round"
            aria-hidden="true"
          >
            <rect x="6" y="2.5" width="12" height="19" rx="2.5" />
            <path d="M12 8.5v6M9 11.5h6M10.5 18.5h3" />
          </svg>
        </span>
        <span className="install-entry__text">
          <span className="install-entry__label">添加到主屏幕</span>
          <span className="install-entry__hint">像 App 一样从桌面一点即开</span>
        </span>
        <span className="install-entry__arrow" aria-hidden="true">
          ›
        </span>
      </button>
      <Dialog
        open={guideOpen}
        title="添加到主屏幕"
        onClose={close}
        showClose={false}
        footer={
          <button type="button" className="primary" onClick={close}>
            我知道了
          </button>
        }
      >
        {guide && (
          <div className="install-guide">
            <p>{guide.lead}</p>
            <ol>
              {guide.steps.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
          </div>
        )}
      </Dialog>
    </>
  );
}
