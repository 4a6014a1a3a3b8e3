import type { HistoryEntry, WorkKind } from '@ld/contract/content';
import { relativeTime } from '@ld/contract/relative-time';
import { useState } from 'react';
import { useSessionState } from '../../../shared/hooks/use-session-state';
import { Dialog } from '../../../shared/ui/dialog';
import { Link } from '../../../shared/ui/link';
import { PagedList } from '../../../shared/ui/paged-list';
import { Tabs } from '../../../shared/ui/tabs';
import { useClearHistory, useDeleteHistoryEntry } from '../api/delete-history';
import { useHistory } from '../api/get-history';
import { ShelfItem } from '../components/shelf-item';
import { KIND_TABS, progressText, unitHref } from '../lib/kinds';
import '../components/shelf-item.css';

/** 阅读记录: works by last read time with the unit and percent; delete one, or clear them all. */
export default function ReadHistoryPage() {
  const [tab, setTab] = useSessionState<WorkKind | 'all'>('readhistory.kind', 'all');
  const kind = tab === 'all' ? null : tab;
  const history = useHistory(kind);
  const remove = useDeleteHistoryEntry();
  const clear = useClearHistory();
  const [confirming, setConfirming] = useState(false);
  const count = history.data?.pages.reduce((n, p) => n + p.records.length, 0) ?? 0;
  const scope = kind ? (KIND_TABS.find((t) => t.key === kind)?.label ?? '') : '全部';

  return (
    <div className="read-history">
      <div className="shelf-toolbar">
        <Tabs label="类型" items={KIND_TABS} active={tab} onChange={setTab} />
        <button
          type="button"
          className="shelf-toolbar__clear"
          disabled={count === 0 || clear.isPending}
          onClick={() => setConfirming(true)}
        >
          清空
        </button>
      </div>
      <PagedList<HistoryEntry>
        query={history}
        itemKey={(e) => `${e.kind}-${e.id}`}
        emptyText="还没有阅读记录"
        emptyAction={
          <Link to="/novels" className="btn btn--ghost shelf-empty-link">
            去书城看看
          </Link>
        }
        renderItem={(e) => (
          <ShelfItem
            href={unitHref(e.kind, e.id, e.progress.unitId)}
            cover={e.cover}
            wide={e.kind === 'video'}
            title={e.title}
            lines={[progressText(e.progress), `${relativeTime(e.progress.readTime)}阅读`]}
            actions={
              <button
                type="button"
                className="shelf-item__delete"
                aria-label={`删除《${e.title}》的阅读记录`}
                disabled={remove.isPending}
                onClick={() => remove.mutate({ kind: e.kind, workId: e.id })}
              >
                删除
              </button>
            }
          />
        )}
      />
      <Dialog
        open={confirming}
        title="清空阅读记录"
        onClose={() => setConfirming(false)}
        showClose={false}
        footer={
          <>
            <button type="button" onClick={() => setConfirming(false)}>
              取消
            </button>
            <button
              type="button"
              className="shelf-dialog__danger"
              onClick={() => {
                setConfirming(false);
                clear.mutate(kind);
              }}
            >
              确认清空
            </button>
          </>
        }
      >
        <p className="shelf-dialog__text">
          确定清空{scope === '全部' ? '全部' : `${scope}的`}阅读记录吗？阅读进度会保留。
        </p>
      </Dialog>
    </div>
  );
}
