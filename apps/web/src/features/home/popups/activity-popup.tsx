import type { ActivitySummary } from '@ld/contract/activities';
import { useNavigate } from 'react-router';
import { densitySrcSet, sizedUrl } from '../../../shared/lib/image-sizes';
import { Dialog } from '../../../shared/ui/dialog';
import './startup-popups.css';

/** The activity popup of the start-up queue: an ongoing activity's banner and title → 去看看 (活动中心). */
export default function ActivityPopup({
  activity,
  onClose,
}: {
  activity: ActivitySummary;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  return (
    <Dialog
      open
      title={activity.title}
      onClose={onClose}
      className="startup-popup"
      footer={
        <button
          type="button"
          className="primary"
          onClick={() => {
            onClose();
            navigate('/activity');
          }}
        >
          去看看
        </button>
      }
    >
      {/* A plain img with the server's sizes: the shared Image would be one more chunk to fetch. */}
      <img
        className="startup-popup__banner"
        src={sizedUrl(activity.banner, 280)}
        srcSet={densitySrcSet(activity.banner, 280)}
        alt={`${activity.title}活动图`}
        width={640}
        height={360}
      />
      <p className="startup-popup__text">{activity.summary}</p>
    </Dialog>
  );
}
