import { useEffect, useState } from 'react';
import { APP_TITLE } from '../../../shared/lib/brand';
import { Dialog } from '../../../shared/ui/dialog';
import { ErrorState, Loading } from '../../../shared/ui/states';
import { drawPoster, POSTER_HEIGHT, POSTER_WIDTH, type PosterInput } from '../lib/poster';
import './invite-poster.css';

type Drawn = { state: 'drawing' } | { state: 'failed' } | { state: 'ready'; url: string; file: File };

/** Draws the poster while the dialog is open; the object URL is released when it closes. */
function usePoster(open: boolean, input: PosterInput, attempt: number): Drawn {
  const [drawn, setDrawn] = useState<Drawn>({ state: 'drawing' });
  const { link, code, inviterName } = input;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt (重新加载) draws again
  useEffect(() => {
    if (!open) return;
    let isCurrent = true;
    let url: string | null = null;
    setDrawn({ state: 'drawing' });
    drawPoster({ link, code, inviterName })
      .then((blob) => {
        if (!isCurrent) return;
        url = URL.createObjectURL(blob);
        const file = new File([blob], `invite-${code}.png`, { type: 'image/png' });
        setDrawn({ state: 'ready', url, file });
      })
      .catch((error: unknown) => {
        console.warn('the invite poster could not be drawn', error);
        if (isCurrent) setDrawn({ state: 'failed' });
      });
    return () => {
      isCurrent = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [open, link, code, inviterName, attempt]);
  return drawn;
}

const canShareFile = (file: File) =>
  typeof navigator.canShare === 'function' && navigator.canShare({ files: [file] });

/** 邀请海报: the poster as an image (long-press saves it on phones), 保存海报, and sharing it where files can be shared. */
export function InvitePoster({
  open,
  onClose,
  ...input
}: PosterInput & { open: boolean; onClose: () => void }) {
  const [attempt, setAttempt] = useState(0);
  const drawn = usePoster(open, input, attempt);

  const share = async (file: File) => {
    try {
      await navigator.share({ files: [file], title: `${APP_TITLE}邀请海报` });
    } catch (error) {
      // AbortError: the person closed the share sheet.
      if ((error as Error).name !== 'AbortError') console.warn('sharing the poster failed', error);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="邀请海报"
      className="invite-poster"
      footer={
        drawn.state === 'ready' ? (
          <div className="invite-poster__actions">
            <a
              className="btn btn--primary"
              href={drawn.url}
              download={`${APP_TITLE}-邀请海报-${input.code}.png`}
            >
              保存海报
            </a>
            {canShareFile(drawn.file) && (
              <button type="button" className="btn btn--ghost" onClick={() => void share(drawn.file)}>
                分享海报
              </button>
            )}
          </div>
        ) : undefined
      }
    >
      <div className="invite-poster__frame">
        {drawn.state === 'drawing' && <Loading text="海报生成中…" />}
        {drawn.state === 'failed' && (
          <ErrorState text="海报生成失败，请重试" onRetry={() => setAttempt((n) => n + 1)} />
        )}
        {drawn.state === 'ready' && (
          <img
            className="invite-poster__image"
            src={drawn.url}
            alt={`邀请海报：扫码注册${APP_TITLE}，邀请码 ${input.code}`}
            width={POSTER_WIDTH}
            height={POSTER_HEIGHT}
          />
        )}
      </div>
      {drawn.state === 'ready' && <p className="invite-poster__hint">手机上长按图片也可保存或发送给好友</p>}
    </Dialog>
  );
}
