import { PLATFORM_NAMES } from '@ld/contract/games-values';
import { formatDate } from '@ld/contract/relative-time';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { userStatusQuery, useUserStatus } from '../../../shared/api/get-user-status';
import { useGoToLogin } from '../../../shared/hooks/use-go-to-login';
import { CURRENCY_NAME } from '../../../shared/lib/brand';
import { getAccount } from '../../../shared/stores/account';
import { Dialog } from '../../../shared/ui/dialog';
import { Link } from '../../../shared/ui/link';
import { LowBalanceDialog } from '../../../shared/ui/low-balance-dialog';
import { confirmStep, payablePrice } from '../lib/download-decision';
import { type PendingDownload, useDownloadDialogs } from '../lib/download-store';
import { useGameDownload } from '../lib/use-game-download';
import './download-dialogs.css';
import { Image } from '../../../shared/ui/image';

function ConfirmDialog({ pending }: { pending: PendingDownload }) {
  const { game, platform } = pending;
  const close = useDownloadDialogs((s) => s.close);
  const openLowBalance = useDownloadDialogs((s) => s.openLowBalance);
  const queryClient = useQueryClient();
  const goToLogin = useGoToLogin();
  const { request, isPending } = useGameDownload();
  const status = useUserStatus().data;
  const isMember = status?.isMember ?? false;
  const price = payablePrice(game, isMember);
  const [checking, setChecking] = useState(false);

  const confirm = async () => {
    setChecking(true);
    const { uid } = getAccount();
    const fresh = uid
      ? await queryClient.ensureQueryData(userStatusQuery(uid)).catch(() => undefined)
      : undefined;
    setChecking(false);
    const step = confirmStep(fresh ? payablePrice(game, fresh.isMember) : price, fresh);
    if (step === 'login') {
      close();
      goToLogin();
    } else if (step === 'lowBalance') {
      openLowBalance();
    } else if (await request(game, platform)) {
      close();
    }
  };

  const purchasedNote = game.purchased ? (
    <p className="dl-confirm__note">你已购买过该游戏，本次免费下载</p>
  ) : null;
  const memberNote = isMember ? (
    <p className="dl-confirm__note dl-confirm__note--member">
      {game.memberFree ? '会员免费下载' : '会员'}
      {status?.expTime && <span>会员有效期至 {formatDate(new Date(status.expTime))}</span>}
    </p>
  ) : (
    <p className="dl-confirm__note">
      开通会员，付费游戏免费下载
      <Link to="/profile?fun=member" className="dl-confirm__vip" onClick={close}>
        立即开通
      </Link>
    </p>
  );

  const busy = checking || isPending;
  return (
    <Dialog
      open
      title="下载确认"
      onClose={close}
      footer={
        <>
          <button type="button" onClick={close}>
            取消
          </button>
          <button type="button" className="primary" onClick={() => void confirm()} disabled={busy}>
            {busy ? '请稍候…' : price > 0 ? '确认支付并下载' : '确认下载'}
          </button>
        </>
      }
    >
      <div className="dl-confirm__game">
        <Image src={game.icon} alt={game.name} width={48} height={48} />
        <div>
          <strong>{game.name}</strong>
          <span>{PLATFORM_NAMES[platform]}版</span>
        </div>
      </div>
      <p className="dl-confirm__price">
        {price > 0 ? (
          <>
            本次下载需支付 <strong>{price}</strong> {CURRENCY_NAME}
          </>
        ) : (
          <>本次下载不扣{CURRENCY_NAME}</>
        )}
      </p>
      {status && (
        <p className="dl-confirm__balance">
          当前余额：{status.coinNum} {CURRENCY_NAME}
        </p>
      )}
      {purchasedNote}
      {memberNote}
    </Dialog>
  );
}

/** The root-level download confirm and low-balance dialogs (spec §2, §4), driven by the download store. */
export default function DownloadDialogs() {
  const open = useDownloadDialogs((s) => s.open);
  const pending = useDownloadDialogs((s) => s.pending);
  const close = useDownloadDialogs((s) => s.close);
  const { pathname } = useLocation();
  const openedOn = useRef(pathname);

  // Leaving the page (browser back, a link) closes them: they belong to the page they opened on.
  useEffect(() => {
    if (pathname !== openedOn.current) close();
  }, [pathname, close]);

  if (open === 'lowBalance') return <LowBalanceDialog onClose={close} />;
  if (open === 'confirm' && pending) return <ConfirmDialog pending={pending} />;
  return null;
}
