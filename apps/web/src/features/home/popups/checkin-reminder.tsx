import type { CheckinStatus } from '@ld/contract/checkin';
import { useNavigate } from 'react-router';
import { Dialog } from '../../../shared/ui/dialog';
import './startup-popups.css';

/** The check-in reminder of the start-up queue: not checked in today → 去签到. */
export default function CheckinReminder({ state, onClose }: { state: CheckinStatus; onClose: () => void }) {
  const navigate = useNavigate();
  return (
    <Dialog
      open
      title="今日还未签到"
      onClose={onClose}
      className="startup-popup"
      footer={
        <>
          <button type="button" onClick={onClose}>
            稍后再说
          </button>
          <button
            type="button"
            className="primary"
            onClick={() => {
              onClose();
              navigate('/checkin');
            }}
          >
            去签到
          </button>
        </>
      }
    >
      <p className="startup-popup__text">
        {state.streak > 0
          ? `已连续签到 ${state.streak} 天，今天签到不断签。`
          : '每天签到领钻石，连签奖励更多。'}
      </p>
    </Dialog>
  );
}
