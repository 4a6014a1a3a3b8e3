import type { WorkKind } from '@ld/contract/content';
import { KIND_WORDS } from './words';

/**
 * 上一章 · 目录 · 下一章 (上一话 · 选集 · 下一话): the three steps through a work's units, at the
 * end of a chapter, under a lock and in a reader's toolbar. The next button names its price
 * (`nextText`, next-label.ts).
 */
export function UnitNav({
  kind,
  className,
  onPrev,
  onMenu,
  onNext,
  nextText,
}: {
  kind: WorkKind;
  className: string;
  /** Null when there is no previous (or next) unit: the button is disabled. */
  onPrev: (() => void) | null;
  onMenu(): void;
  onNext: (() => void) | null;
  nextText: string;
}) {
  const words = KIND_WORDS[kind];
  return (
    <div className={className}>
      <button type="button" onClick={() => onPrev?.()} disabled={!onPrev}>
        {words.prev}
      </button>
      <button type="button" onClick={onMenu}>
        {words.menu}
      </button>
      <button type="button" onClick={() => onNext?.()} disabled={!onNext}>
        {nextText}
      </button>
    </div>
  );
}
