import { lazy, Suspense, useState } from 'react';
import './image-viewer.css';
import './states.css';

// antd-mobile's viewer (with its share of the library, the `adm` chunk: about 40 KB gzip) loads
// when a visitor first opens an image, not with the page (issue 21's first-load budget).
const Viewer = lazy(() => import('./adm').then((m) => ({ default: m.ImageViewer.Multi })));

/** What shows while the viewer's code comes in: the dimmed screen it opens on, with a spinner. */
function Opening({ onClose }: { onClose: () => void }) {
  return (
    <div className="image-viewer-opening" role="status" onClick={onClose}>
      <span className="spinner" aria-hidden="true" />
      图片加载中…
    </div>
  );
}

/**
 * Images full screen, swiped through, starting at `index` (none open while it is null). Each
 * opening mounts a viewer of its own (antd-mobile reads the starting image once), which stays
 * mounted after closing, so the close keeps antd-mobile's own animation.
 */
export function ImageViewer({
  images,
  index,
  onClose,
}: {
  images: string[];
  index: number | null;
  onClose: () => void;
}) {
  const [shown, setShown] = useState<number | null>(null);
  const [opening, setOpening] = useState(0);
  if (index !== shown) {
    setShown(index);
    if (index !== null && shown === null) setOpening((n) => n + 1);
  }
  if (opening === 0) return null;
  return (
    <Suspense fallback={index === null ? null : <Opening onClose={onClose} />}>
      <Viewer
        key={opening}
        images={images}
        visible={index !== null}
        defaultIndex={index ?? 0}
        onClose={onClose}
      />
    </Suspense>
  );
}
