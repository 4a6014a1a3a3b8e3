import type { WorkDetail } from '@ld/contract/content';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { isCancel } from '../../../shared/http/client';
import { askPersistentStorage, prepareOffline } from '../../../shared/lib/service-worker';
import { useAccountStore } from '../../../shared/stores/account';
import { toast } from '../../../shared/ui/toast-store';
import { useDownloads } from '../api/get-downloads';
import { novelKeys } from '../api/keys';
import { canDownload, type DownloadProgress, deleteDownload, downloadBook } from '../lib/offline-books';
import './offline-download.css';

/**
 * 离线阅读 on 书籍详情 (a book on the reader's shelf): downloads every chapter open to the reader
 * with its progress, cancel, the downloaded state and 删除下载. Locked chapters are skipped and said so.
 */
export function OfflineDownload({ book }: { book: WorkDetail }) {
  const uid = useAccountStore((s) => s.account.uid);
  const queryClient = useQueryClient();
  const downloads = useDownloads();
  const [progress, setProgress] = useState<DownloadProgress | null>(null);
  const [busy, setBusy] = useState(false);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  if (!canDownload()) return null;
  const record = downloads.data?.find((r) => r.id === book.id) ?? null;
  const refresh = () => queryClient.invalidateQueries({ queryKey: novelKeys.downloads(uid) });

  const start = async () => {
    const controller = new AbortController();
    abort.current = controller;
    setBusy(true);
    setProgress(null);
    try {
      await askPersistentStorage();
      // The worker keeps the whole build, the reader's page with it (decision 0051).
      await prepareOffline();
      const result = await downloadBook(uid, book.id, setProgress, controller.signal);
      if (controller.signal.aborted) toast.info(`已取消下载，已保存 ${result.saved} 章`);
      else
        toast.success(
          result.locked > 0
            ? `下载完成：${result.saved} 章，${result.locked} 章未解锁已跳过`
            : `下载完成：${result.saved} 章`,
        );
    } catch (error) {
      if (!isCancel(error)) toast.error('下载中断，请检查网络后继续下载');
    } finally {
      abort.current = null;
      setBusy(false);
      setProgress(null);
      await refresh();
    }
  };

  const remove = async () => {
    await deleteDownload(uid, book.id);
    await refresh();
    toast.success('已删除下载');
  };

  let status: React.ReactNode;
  let actions: React.ReactNode;
  if (busy) {
    const done = progress?.done ?? 0;
    const open = progress?.open ?? 0;
    status = (
      <>
        <span>{progress ? `已下载 ${done}/${open}章` : '正在准备下载…'}</span>
        <progress
          className="offline-download__bar"
          aria-label="下载进度"
          max={Math.max(open, 1)}
          value={done}
        />
        {progress && progress.locked > 0 && <span>{progress.locked} 章未解锁，将跳过</span>}
      </>
    );
    actions = (
      <button type="button" className="offline-download__btn" onClick={() => abort.current?.abort()}>
        取消下载
      </button>
    );
  } else if (record) {
    status = (
      <>
        <span className="offline-download__state">
          {record.complete ? `已下载 ${record.saved}章，可离线阅读` : `已下载 ${record.saved}章（未完成）`}
        </span>
        {record.locked > 0 && <span>{record.locked} 章未解锁，已跳过</span>}
      </>
    );
    actions = (
      <>
        <button type="button" className="offline-download__btn" onClick={() => void start()}>
          {record.complete ? '更新下载' : '继续下载'}
        </button>
        <button
          type="button"
          className="offline-download__btn offline-download__btn--ghost"
          onClick={() => void remove()}
        >
          删除下载
        </button>
      </>
    );
  } else {
    status = <span>下载已解锁的章节，没有网络也能读</span>;
    actions = (
      <button
        type="button"
        className="offline-download__btn"
        onClick={() => void start()}
        disabled={downloads.isPending || book.unitCount === 0}
      >
        下载
      </button>
    );
  }

  return (
    <section className="offline-download" aria-label="离线阅读">
      <div className="offline-download__text">
        <h3 className="offline-download__heading">离线阅读</h3>
        <p className="offline-download__status" aria-live="polite">
          {status}
        </p>
      </div>
      <div className="offline-download__actions">{actions}</div>
    </section>
  );
}
