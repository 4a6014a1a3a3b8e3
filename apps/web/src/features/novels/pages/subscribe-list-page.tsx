import type { WorkKind } from '@ld/contract/content';
import { useSessionState } from '../../../shared/hooks/use-session-state';
import { Link } from '../../../shared/ui/link';
import { PagedList } from '../../../shared/ui/paged-list';
import { Tabs } from '../../../shared/ui/tabs';
import { useDownloads } from '../api/get-downloads';
import { useSubscriptions } from '../api/get-subscriptions';
import { ShelfItem } from '../components/shelf-item';
import { KIND_TABS, progressText, workHref } from '../lib/kinds';
import type { SubscriptionEntry } from '../lib/shelf';
import '../components/shelf-item.css';

/** 我的订阅 (书架): subscribed works, newest first, with how many units came out since the last read. */
export default function SubscribeListPage() {
  const [tab, setTab] = useSessionState<WorkKind | 'all'>('subscriblist.kind', 'all');
  const subscriptions = useSubscriptions(tab === 'all' ? null : tab);
  const downloads = useDownloads();
  const downloaded = new Set(downloads.data?.map((r) => r.id) ?? []);

  return (
    <div className="subscribe-list">
      <div className="shelf-toolbar">
        <Tabs label="类型" items={KIND_TABS} active={tab} onChange={setTab} />
      </div>
      <PagedList<SubscriptionEntry>
        query={subscriptions}
        itemKey={(e) => `${e.kind}-${e.id}`}
        emptyText="书架空空的，去书城挑几本吧"
        emptyAction={
          <Link to="/novels" className="btn btn--ghost shelf-empty-link">
            去书城看看
          </Link>
        }
        renderItem={(e) => (
          <ShelfItem
            href={workHref(e.kind, e.id)}
            cover={e.cover}
            wide={e.kind === 'video'}
            title={e.title}
            badge={
              <>
                {e.newUnits > 0 && <span className="shelf-item__badge">更新{e.newUnits}章</span>}
                {e.kind === 'novel' && downloaded.has(e.id) && (
                  <span className="shelf-item__badge shelf-item__badge--offline">已下载</span>
                )}
              </>
            }
            lines={[
              e.author,
              e.progress ? progressText(e.progress) : '还没开始读',
              e.latestUnit ? `最新：${e.latestUnit.title}` : '暂无更新',
            ]}
          />
        )}
      />
    </div>
  );
}
