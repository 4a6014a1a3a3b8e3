import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Dialog } from '../../../shared/ui/dialog';
import { toast } from '../../../shared/ui/toast-store';
import { logout } from '../lib/session';

/** 退出登录, after a confirmation; the server is told first so the token stops working. */
export function LogoutButton() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [isOpen, setIsOpen] = useState(false);
  const [isLeaving, setIsLeaving] = useState(false);

  const confirm = async () => {
    setIsLeaving(true);
    await logout(queryClient, { callServer: true });
    setIsLeaving(false);
    setIsOpen(false);
    toast.info('已退出登录');
    navigate('/', { replace: true });
  };

  return (
    <>
      <button type="button" className="profile-logout" onClick={() => setIsOpen(true)}>
        退出登录
      </button>
      <Dialog
        open={isOpen}
        title="退出登录"
        onClose={() => setIsOpen(false)}
        footer={
          <>
            <button type="button" onClick={() => setIsOpen(false)}>
              取消
            </button>
            <button type="button" className="primary" onClick={confirm} disabled={isLeaving}>
              {isLeaving ? '正在退出…' : '确定退出'}
            </button>
          </>
        }
      >
        退出后将无法查看消息、领取礼包和签到奖励，确定要退出当前账号吗？
      </Dialog>
    </>
  );
}
