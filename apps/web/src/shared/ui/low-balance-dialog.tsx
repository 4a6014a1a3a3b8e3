import { useLocation, useNavigate } from 'react-router';
import { CURRENCY_NAME } from '../lib/brand';
import { Dialog } from './dialog';
import './low-balance-dialog.css';

/**
 * The low-balance dialog of spec §4: 去充值 goes to the recharge page, which offers a way back to
 * the page that opened it. Shared by every purchase (downloads, membership, chapters).
 */
export function LowBalanceDialog({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const location = useLocation();
  const back = encodeURIComponent(`${location.pathname}${location.search}`);
  return (
    <Dialog
      open
      title={`当前${CURRENCY_NAME}余额不足！`}
      onClose={onClose}
      footer={
        <>
          <button type="button" onClick={onClose}>
            取消
          </button>
          <button
            type="button"
            className="primary"
            onClick={() => {
              onClose();
              navigate(`/recharge?back=${back}`);
            }}
          >
            去充值
          </button>
        </>
      }
    >
      <p className="low-balance">当前余额不足，请充值后再继续</p>
    </Dialog>
  );
}
