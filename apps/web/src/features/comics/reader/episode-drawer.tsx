import type { Unit } from '@ld/contract/content';
import { useEffect, useRef } from 'react';
import { useFocusTrap } from '../../../shared/ui/dialog';
import { PagedList } from '../../../shared/ui/paged-list';
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
  const ref = useRef<HTMLDivElement>(null);
  const episodes = useEpisodes(workId, 'asc');
  useFocusTrap(ref, true);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <div className="comic-drawer__mask" onClick={(e) => e.target === e.currentTarget && onClose()}>
      <div ref={ref} tabIndex={-1} role="dialog" aria-modal="true" aria-label="选集" className="comic-drawer">
        <div className="comic-drawer__head">
          <h2>选集</h2>
          <button type="button" className="comic-drawer__close" aria-label="关闭" onClick={onClose}>
            ×
          </button>
        </div>
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
      </div>
    </div>
  );
}
