import { formatCount } from '../../../shared/lib/format';
import { Image } from '../../../shared/ui/image';
import { Link } from '../../../shared/ui/link';
import type { VideoItem } from '../api/types';
import { priceBadge } from '../lib/badge';
import { VIDEO_COVER_WIDTH } from '../lib/cover-sizes';
import { formatDuration } from '../lib/time';
import './video-card.css';

/** One video in the 动漫福利视频 grid: the frame at 1 s (16:9), duration, views, VIP/price, title. */
export function VideoCard({ video, priority = false }: { video: VideoItem; priority?: boolean }) {
  const badge = priceBadge(video);
  return (
    <Link to={`/video/${video.id}`} className="video-card">
      <span className="video-card__cover">
        <Image
          src={video.cover}
          alt=""
          width={320}
          height={180}
          displayWidth={VIDEO_COVER_WIDTH}
          priority={priority}
        />
        {badge && <span className={`video-card__badge${badge.vip ? ' is-vip' : ''}`}>{badge.text}</span>}
        <span className="video-card__facts">
          <span>
            <svg width="0.75rem" height="0.75rem" viewBox="0 0 24 24" aria-hidden="true">
              <path d="M8 5v14l11-7z" fill="currentColor" />
            </svg>
            {formatCount(video.viewCount)}
          </span>
          <span>{formatDuration(video.duration)}</span>
        </span>
      </span>
      <span className="video-card__title">{video.title}</span>
    </Link>
  );
}
