import type { Bulletin } from '@ld/contract/messages';
import { formatDateTime } from '@ld/contract/relative-time';
import { SafeHtml } from '../../../shared/ui/safe-html';
import { BOOT_BULLETIN_ID } from '../lib/boot-bulletin';

const TITLE_ID = `${BOOT_BULLETIN_ID}-title`;

/**
 * The bulletin as the server puts it into every page (docs/decisions/0044-server-rendered-first-screen.md,
 * addendum "the bulletin in the HTML"): the same look and words as BulletinDialog, as a native
 * modal <dialog> that works before the app's code has arrived. Its buttons close it through the
 * form (method="dialog"), Escape closes it, the page behind is inert while it is open; the inline
 * script after it (app/boot-bulletin.js) opens it, records it as shown and keeps 今日不再提示.
 * Rendered by the web build's server module (app/server-render.tsx), closed until that script opens it.
 */
export function BootBulletin({ bulletin }: { bulletin: Bulletin }) {
  return (
    // tabIndex: the script gives the dialog itself the focus, as the app's dialogs take it.
    <dialog id={BOOT_BULLETIN_ID} className="boot-bulletin" aria-labelledby={TITLE_ID} tabIndex={-1}>
      <form method="dialog" className="ld-dialog bulletin">
        <div className="ld-dialog__title" id={TITLE_ID}>
          {bulletin.title}
        </div>
        <button type="submit" className="ld-dialog__close" aria-label="关闭">
          ×
        </button>
        <div className="ld-dialog__body">
          <p className="bulletin__time">发布时间：{formatDateTime(bulletin.createTime)}</p>
          <SafeHtml className="bulletin__content" html={bulletin.content} />
          <label className="bulletin__hide">
            <input type="checkbox" name="hide" />
            今日不再提示
          </label>
        </div>
        <div className="ld-dialog__footer">
          <button type="submit" className="primary">
            我知道了
          </button>
        </div>
      </form>
    </dialog>
  );
}
