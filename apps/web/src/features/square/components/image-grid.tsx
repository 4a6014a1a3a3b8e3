import { gridColumns } from '../lib/image-grid';
import './image-grid.css';
import { Image } from '../../../shared/ui/image';

interface ImageGridProps {
  images: string[];
  /** Alt text prefix, e.g. "小蓝的帖子图片"; each image gets its number. */
  alt: string;
  /** When given, each image is a button that opens it (full screen); otherwise images are plain. */
  onOpen?: (index: number) => void;
  /** The first post of a page: its first image loads at once (the page's largest content). */
  priority?: boolean;
}

/** A cell's width (px at 375) by columns: 66% of a post's 327 px text width, or a share of it. */
const CELL_WIDTH: Record<number, number> = { 1: 216, 2: 116, 3: 106 };

/** Up to 9 lazy images in a 1, 2 or 3 column grid. */
export function ImageGrid({ images, alt, onOpen, priority = false }: ImageGridProps) {
  if (images.length === 0) return null;
  const columns = gridColumns(images.length);
  return (
    <div className={`image-grid image-grid--cols-${columns}`}>
      {images.slice(0, 9).map((src, i) => {
        const image = (
          <Image
            key={src}
            src={src}
            alt={`${alt} ${i + 1}`}
            displayWidth={CELL_WIDTH[columns]}
            priority={priority && i === 0}
          />
        );
        return onOpen ? (
          <button
            key={src}
            type="button"
            className="image-grid__cell"
            aria-label={`查看大图 ${i + 1}`}
            onClick={() => onOpen(i)}
          >
            {image}
          </button>
        ) : (
          <span key={src} className="image-grid__cell">
            {image}
          </span>
        );
      })}
    </div>
  );
}
