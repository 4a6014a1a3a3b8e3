import type { Episode } from '@ld/contract/comics';
import { layoutEpisode, panelsToLoad } from '../lib/strip';
import type { Ranges } from './use-panel-ranges';
import { rangeOf } from './use-panel-ranges';

/** The phone the server's render assumes: the hydrating render must draw the same, whatever the device. */
const ASSUMED_SCREEN = { width: 390, height: 844 } as const;

/**
 * What the server's render and the hydrating render (docs/decisions/0050-one-rendering-path.md) draw as pictures: no layout effect runs there,
 * so no column width is measured and no panel is loading. Its strip draws each panel's box in CSS
 * (an aspect ratio at the column's full width: on any phone, where the browser's px will put it)
 * and, as pictures, the panels that meet the first screen of the phone it assumes (390×844; a
 * wider one shows fewer), the top one first: the page's largest paint comes with the HTML, the
 * same <img> (srcset, priority) as the app's first commit draws at the same place.
 */
export function serverFirstScreen(first: Episode | undefined, startId: number) {
  const ranges: Ranges = {};
  const range = first
    ? rangeOf(panelsToLoad(layoutEpisode(first.panels, ASSUMED_SCREEN.width), 0, ASSUMED_SCREEN.height, 0))
    : null;
  if (range) ranges[startId] = range;
  return { ranges, topPanel: { eid: startId, panel: 0 } };
}
