import type { Unit } from '@ld/contract/content';
import { PagedList } from '../../../shared/ui/paged-list';
import { Sheet } from '../../../shared/ui/sheet';
import { useEpisodes } from '../api/get-comic';
import { priceBadge } from '../lib/format';

/** 选集: the episodes in a side drawer, the one being read marked; a pick opens it. */
export function EpisodeDrawer({
  workId,
  currentId,
  onPick,
  onClose,
}: {
  workId: number;
  currentId: number;
  onPick(eid: number): void;
  onClose(): void;
}) {
  const episodes = useEpisodes(workId, 'asc');
  return (
    <Sheet title="选集" block="comic-drawer" className="comic-drawer" onClose={onClose}>
      <div className="comic-drawer__body">
        <PagedList<Unit>
          query={episodes}
          pullToRefresh={false}
          className="comic-drawer__list"
          itemKey={(u) => u.id}
          emptyText="还没有更新"
          renderItem={(u) => {
            const badge = priceBadge(u);
            return (
              <button
                type="button"
                className={`comic-drawer__item${u.id === currentId ? ' is-current' : ''}${u.read ? ' is-read' : ''}`}
                aria-current={u.id === currentId ? 'true' : undefined}
                onClick={() => onPick(u.id)}
              >
                <span className="comic-drawer__title">{u.title}</span>
                {badge && <span className="comic-drawer__badge">{badge}</span>}
              </button>
            );
          }}
        />
      </div>
    </Sheet>
  );
}
