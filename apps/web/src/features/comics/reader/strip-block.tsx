import type { Episode } from '@ld/contract/comics';
import type { UnitLocked } from '@ld/contract/content';
import { Link } from '../../../shared/ui/link';
import { ErrorState, Loading, NotThere } from '../../../shared/ui/states';
import { UnitLock } from '../../../shared/works/unit-lock';
import { comicKeys } from '../api/keys';
import type { EpisodeLayout, StripEntry } from '../lib/strip';
import { EpisodePanels } from './episode-panels';

export interface StripBlockProps {
  workId: number;
  entry: StripEntry;
  /** Its place in the strip: the first block carries the page's heading, the others a divider. */
  index: number;
  /** Whether it is the episode opened by address. */
  isStart: boolean;
  episode: Episode | undefined;
  layout: EpisodeLayout | undefined;
  locked: UnitLocked | undefined;
  /** Its name while it is not open (block-titles.ts), and the name on its lock card. */
  title: string | null;
  lockTitle: string | null;
  range: { from: number; to: number } | undefined;
  topPanel: number | null;
  blockRef(el: HTMLElement | null): void;
  panelsRef(el: HTMLElement | null): void;
  onRetry(): void;
  onLowBalance(): void;
  onMenu(): void;
  onComments(episode: Episode): void;
  onTap(): void;
}

/**
 * One episode in the strip: loading, failed (with retry), locked (its price, 购买, the auto-unlock
 * switch) or open (its panels and its end: 本话评论, and 返回详情 after the last episode).
 */
export function StripBlock(props: StripBlockProps) {
  const { workId, entry, index, episode, layout, locked } = props;
  const name = episode?.title ?? props.title ?? '下一话';
  return (
    <section ref={props.blockRef} className="comic-episode-block" aria-label={name} data-eid={entry.id}>
      {index > 0 && (
        <h2 className="comic-strip__divider">
          <span>{name}</span>
        </h2>
      )}
      {entry.state === 'loading' && <Loading text="正在打开…" />}
      {entry.state === 'error' && <ErrorState text="这一话加载失败" onRetry={props.onRetry} />}
      {entry.state === 'missing' && (
        <NotThere text="这一话不存在或已下架" to={`/comic/${workId}`} label="去选集看看" />
      )}
      {locked && (
        <UnitLock
          kind="comic"
          block="comic-lock"
          workId={workId}
          unitId={entry.id}
          title={props.lockTitle}
          locked={locked}
          refresh={(uid) => [comicKeys.episode(uid, workId, entry.id), comicKeys.episodesOf(uid, workId)]}
          onLowBalance={props.onLowBalance}
        />
      )}
      {props.isStart && entry.state === 'locked' && (
        <div className="comic-strip__end">
          <button type="button" className="comic-strip__comments" onClick={props.onMenu}>
            选集
          </button>
        </div>
      )}
      {episode && layout && (
        <>
          {index === 0 && <h1 className="comic-strip__title">{episode.title}</h1>}
          <EpisodePanels
            episode={episode}
            layout={layout}
            range={props.range}
            topPanel={props.topPanel}
            panelsRef={props.panelsRef}
            onTap={props.onTap}
          />
          <div className="comic-strip__end">
            <span>{episode.title} 完</span>
            <button type="button" className="comic-strip__comments" onClick={() => props.onComments(episode)}>
              本话评论（{episode.commentCount}）
            </button>
            {episode.nextId === null && (
              <>
                <span>已经是最后一话了</span>
                <Link to={`/comic/${workId}`} className="comic-strip__link">
                  返回详情
                </Link>
              </>
            )}
          </div>
        </>
      )}
    </section>
  );
}
