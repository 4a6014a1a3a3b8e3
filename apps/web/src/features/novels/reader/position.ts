import type { NovelPosition } from '@ld/contract/content';

// The exact reading position (DESIGN §13): the first paragraph visible at the top of the reading
// area, and the character at which its visible part begins.

export interface Box {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/**
 * Index of the first paragraph that shows inside `view`: in scroll mode the first whose bottom is
 * below the view's top; in page mode the first whose box reaches into the page's columns.
 */
export function firstVisible(boxes: Box[], view: Box): number {
  for (let i = 0; i < boxes.length; i++) {
    const b = boxes[i];
    const intersects =
      b.bottom > view.top + 1 && b.top < view.bottom && b.right > view.left + 1 && b.left < view.right;
    if (intersects) return i;
  }
  return -1;
}

/** A paragraph may span two columns: its boxes (one per line fragment) as one list. */
const boxesOf = (el: Element): Box[] => {
  const rects = [...el.getClientRects()];
  return rects.length > 0 ? rects : [el.getBoundingClientRect()];
};

/** The character of `el`'s text at a point, when the browser can say (caret hit testing). */
function caretOffsetAt(el: HTMLElement, x: number, y: number): number | null {
  const doc = document as Document & {
    caretPositionFromPoint?: (x: number, y: number) => { offsetNode: Node; offset: number } | null;
    caretRangeFromPoint?: (x: number, y: number) => Range | null;
  };
  const hit = doc.caretPositionFromPoint
    ? doc.caretPositionFromPoint(x, y)
    : (() => {
        const r = doc.caretRangeFromPoint?.(x, y);
        return r ? { offsetNode: r.startContainer, offset: r.startOffset } : null;
      })();
  if (!hit || !el.contains(hit.offsetNode)) return null;
  // The paragraph holds one text node (plus, maybe, a comment-count bubble after it).
  return hit.offsetNode === el.firstChild ? hit.offset : null;
}

/**
 * Reads the position from the paragraphs (`[data-p]`) inside `root`, seen through `view` (the
 * window below the top toolbar in scroll mode, the current page in page mode).
 */
export function readPosition(root: HTMLElement, view: Box): NovelPosition | null {
  const paragraphs = [...root.querySelectorAll<HTMLElement>('[data-p]')];
  if (paragraphs.length === 0) return null;
  const boxes = paragraphs.map((p) => {
    const parts = boxesOf(p).filter((b) => b.right > view.left + 1 && b.left < view.right);
    if (parts.length === 0) return { top: 0, bottom: 0, left: -1, right: -1 };
    return {
      top: Math.min(...parts.map((b) => b.top)),
      bottom: Math.max(...parts.map((b) => b.bottom)),
      left: Math.min(...parts.map((b) => b.left)),
      right: Math.max(...parts.map((b) => b.right)),
    };
  });
  const index = firstVisible(boxes, view);
  if (index < 0) return { paragraph: paragraphs.length - 1, offset: 0 };
  const el = paragraphs[index];
  const box = boxes[index];
  // Begun above the view (scroll mode) or on an earlier page (page mode: a column to the left).
  const begunBefore = box.top < view.top || boxesOf(el).some((b) => b.right <= view.left + 1);
  if (!begunBefore) return { paragraph: index, offset: 0 };
  // The first character of the first line still showing.
  const lineHeight = Number.parseFloat(getComputedStyle(el).lineHeight) || 24;
  const x = Math.max(box.left, view.left) + 2;
  const y = Math.max(box.top, view.top) + lineHeight / 2;
  const caret = caretOffsetAt(el, x, y);
  const length = el.firstChild?.textContent?.length ?? 0;
  const offset = caret ?? Math.round((length * (view.top - box.top)) / Math.max(1, box.bottom - box.top));
  return { paragraph: index, offset: Math.min(Math.max(0, offset), Math.max(0, length - 1)) };
}

/** Where the character `offset` of paragraph `el` is drawn (its line's box), or the paragraph's own box. */
export function boxOfCharacter(el: HTMLElement, offset: number): Box {
  const text = el.firstChild;
  if (offset > 0 && text && text.nodeType === Node.TEXT_NODE) {
    const length = text.textContent?.length ?? 0;
    const range = document.createRange();
    range.setStart(text, Math.min(offset, length));
    range.setEnd(text, Math.min(offset + 1, length));
    // Browsers without layout (tests) have no client rects on a range.
    const rect = typeof range.getClientRects === 'function' ? range.getClientRects()[0] : undefined;
    if (rect && (rect.width > 0 || rect.height > 0)) return rect;
  }
  return el.getBoundingClientRect();
}
