import { Dialog } from './dialog';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: string;
  confirmText: string;
  busy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** 取消 / confirm, for deleting something (a post, a comment). */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmText,
  busy,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      title={title}
      onClose={onClose}
      showClose={false}
      footer={
        <>
          <button type="button" onClick={onClose}>
            取消
          </button>
          <button type="button" className="primary" disabled={busy} onClick={onConfirm}>
            {busy ? '处理中…' : confirmText}
          </button>
        </>
      }
    >
      <p style={{ margin: 0, textAlign: 'center' }}>{message}</p>
    </Dialog>
  );
}
