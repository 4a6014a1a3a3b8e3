import { useNavigate } from 'react-router';
import { FlagIcon } from '../../../shared/icons/entry-icons';
import { Dialog } from '../../../shared/ui/dialog';
import type { OngoingActivity } from '../api/startup-popups';
import './startup-popups.css';

/** The activity popup of the start-up queue: an ongoing activity → 去看看 (活动中心). */
export default function ActivityPopup({
  activity,
  onClose,
}: {
  activity: OngoingActivity;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  return (
    <Dialog
      open
      title="活动进行中"
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
      <div className="startup-popup__icon">
        <FlagIcon width="2.5rem" height="2.5rem" />
      </div>
      <p className="startup-popup__text">{activity.title}</p>
    </Dialog>
  );
}
