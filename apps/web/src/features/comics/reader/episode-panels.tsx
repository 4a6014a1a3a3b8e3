import type { Episode } from '@ld/contract/comics';
import { useHydrated } from '../../../shared/hooks/use-hydrated';
import { Image } from '../../../shared/ui/image';
import { type EpisodeLayout, panelAspectRatio, panelDisplayWidth } from '../lib/strip';

/**
 * An open episode's panels, each box as tall as its picture will be (so nothing moves when
 * pictures arrive); only the panels in `range` get their <img>, the `top` one asked first. A tap
 * on the pictures shows or hides the toolbars (the 显示工具栏 button does the same for keys).
 */
export function EpisodePanels({
  episode,
  layout,
  range,
  topPanel,
  panelsRef,
  onTap,
}: {
  episode: Episode;
  layout: EpisodeLayout;
  range: { from: number; to: number } | undefined;
  /** The panel whose picture is the page's largest paint, if it is in this episode. */
  topPanel: number | null;
  panelsRef(el: HTMLElement | null): void;
  onTap(): void;
}) {
  // On the server and while hydrating, the panels take their place from their aspect ratio.
  const fluid = !useHydrated();
  return (
    <div
      ref={panelsRef}
      className="comic-strip__panels"
      style={fluid ? undefined : { height: `${layout.height}px` }}
      onClick={onTap}
    >
      {episode.panels.map((panel, p) => {
        const load = range !== undefined && p >= range.from && p <= range.to;
        return (
          <div
            // biome-ignore lint/suspicious/noArrayIndexKey: panels are addressed by their index
            key={p}
            className="comic-panel"
            data-panel={p}
            style={fluid ? { aspectRatio: panelAspectRatio(panel) } : { height: `${layout.heights[p]}px` }}
          >
            {load && (
              <Image
                src={panel.url}
                alt={`${episode.title} 第${p + 1}格`}
                width={panel.width}
                height={panel.height}
                displayWidth={panelDisplayWidth(panel)}
                loading="eager"
                fetchPriority={topPanel === p ? 'high' : undefined}
                decoding="async"
              />
            )}
          </div>
        );
      })}
    </div>
  );
}
