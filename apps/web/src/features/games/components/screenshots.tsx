import { useState } from 'react';
import './screenshots.css';
import { Image } from '../../../shared/ui/image';
import { ImageViewer } from '../../../shared/ui/image-viewer';
import { SHOT_WIDTH, SHOWN_AT_ONCE } from '../lib/screenshot-sizes';

/**
 * A horizontal strip of screenshots; tapping one opens them all full screen at that one. It sits
 * near the top of a game's page, so the ones shown at once load first (they are its largest images).
 */
export function Screenshots({ name, images }: { name: string; images: string[] }) {
  const [viewing, setViewing] = useState<number | null>(null);
  if (images.length === 0) return null;
  return (
    <>
      <ul className="shots" aria-label={`${name}截图`}>
        {images.map((src, i) => (
          <li key={src}>
            <button type="button" onClick={() => setViewing(i)} aria-label={`查看第 ${i + 1} 张截图`}>
              <Image
                src={src}
                alt={`${name}截图 ${i + 1}`}
                displayWidth={SHOT_WIDTH}
                width={SHOT_WIDTH}
                height={248}
                priority={i < SHOWN_AT_ONCE}
              />
            </button>
          </li>
        ))}
      </ul>
      <ImageViewer images={images} index={viewing} onClose={() => setViewing(null)} />
    </>
  );
}
