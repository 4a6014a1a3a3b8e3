import type { Bulletin } from '@ld/contract/messages';
import { formatDateTime } from '@ld/contract/relative-time';
import { useState } from 'react';
import { Dialog } from '../../../shared/ui/dialog';
import { SafeHtml } from '../../../shared/ui/safe-html';
import './bulletin-popup.css';

export default function BulletinDialog({
  bulletin,
  onClose,
}: {
  bulletin: Bulletin;
  onClose: (hideToday: boolean) => void;
}) {
  const [hideToday, setHideToday] = useState(false);
  const close = () => onClose(hideToday);
  return (
    <Dialog
      open
      title={bulletin.title}
      onClose={close}
      className="bulletin"
      footer={
        <button type="button" className="primary" onClick={close}>
          我知道了
        </button>
      }
    >
      <p className="bulletin__time">发布时间：{formatDateTime(bulletin.createTime)}</p>
      <SafeHtml className="bulletin__content" html={bulletin.content} />
      <label className="bulletin__hide">
        <input type="checkbox" checked={hideToday} onChange={(e) => setHideToday(e.target.checked)} />
        今日不再提示
      </label>
    </Dialog>
  );
}
