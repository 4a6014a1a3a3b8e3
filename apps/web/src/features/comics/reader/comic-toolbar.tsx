import type { Episode } from '@ld/contract/comics';
import { nextLabel } from '../../../shared/works/next-label';
import { UnitNav } from '../../../shared/works/unit-nav';

/**
 * The bottom toolbar: how far into the episode in view (a slider that also scrolls there), and
 * 上一话 · 选集 · 下一话 (with the next episode's price).
 */
export function ComicToolbar({
  percent,
  inView,
  prevId,
  onSeek,
  onOpen,
  onMenu,
}: {
  percent: number;
  inView: Episode | undefined;
  /** The episode before the one in view (its own prev, or the block above it). */
  prevId: number | null;
  onSeek(percent: number): void;
  onOpen(eid: number): void;
  onMenu(): void;
}) {
  const nextId = inView?.nextId;
  return (
    <footer className="comic-bar comic-bar--bottom">
      <label className="comic-bar__slider">
        <span>本话 {percent}%</span>
        <input
          type="range"
          min={0}
          max={100}
          value={percent}
          aria-label="本话进度"
          onChange={(e) => onSeek(Number(e.target.value))}
        />
      </label>
      <UnitNav
        kind="comic"
        className="comic-bar__row"
        onPrev={prevId ? () => onOpen(prevId) : null}
        onMenu={onMenu}
        onNext={nextId ? () => onOpen(nextId) : null}
        nextText={inView ? nextLabel('comic', inView.next) : '下一话'}
      />
    </footer>
  );
}
