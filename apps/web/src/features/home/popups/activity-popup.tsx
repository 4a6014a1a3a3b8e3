import type { ActivitySummary } from '@ld/contract/activities';
import { useNavigate } from 'react-router';
import { Dialog } from '../../../shared/ui/dialog';
import { Image } from '../../../shared/ui/image';
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
          data-autofocus
          onClick={() => {
            onClose();
            navigate('/activity');
          }}
        >
          去看看
        </button>
      }
    >
      <Image
        className="startup-popup__banner"
        src={activity.banner}
        alt={`${activity.title}活动图`}
        width={640}
        height={360}
        displayWidth={280}
        priority
      />
      <p className="startup-popup__text">{activity.summary}</p>
    </Dialog>
  );
}
