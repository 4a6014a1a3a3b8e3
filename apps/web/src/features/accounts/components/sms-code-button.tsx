import type { SmsType } from '@ld/contract/accounts';
import { ApiError } from '../../../shared/http/client';
import { toast } from '../../../shared/ui/toast-store';
import { useSendSmsCode } from '../api/send-sms-code';
import { useCountdown } from '../lib/use-countdown';

interface SmsCodeButtonProps {
  type: SmsType;
  /** Checks the phone field (showing its error) and answers the phone to send to, or null. */
  takePhone: () => string | null;
}

/**
 * 获取验证码: sends the code, then waits 60 s before it may send again. When the server says to
 * wait longer (too many sends), it counts down that wait instead.
 */
export function SmsCodeButton({ type, takePhone }: SmsCodeButtonProps) {
  const send = useSendSmsCode();
  const countdown = useCountdown();

  const onClick = () => {
    const phone = takePhone();
    if (!phone) return;
    send.mutate(
      { phone, type },
      {
        onSuccess: () => {
          countdown.start();
          toast.success('验证码已发送，5 分钟内有效');
        },
        onError: (error) => {
          const wait =
            error instanceof ApiError
              ? (error.data as { retryAfter?: number } | null)?.retryAfter
              : undefined;
          if (typeof wait === 'number' && wait > 0) countdown.start(wait);
        },
      },
    );
  };

  let label = '获取验证码';
  if (send.isPending) label = '发送中…';
  else if (countdown.isRunning) label = `${countdown.left} 秒后重发`;

  // No aria-label: the input labelled 验证码 must stay the only thing a label search finds. The
  // hidden prefix keeps the button's name starting with 获取验证码 while it counts down.
  return (
    <button
      type="button"
      className="sms-code-button"
      onClick={onClick}
      disabled={send.isPending || countdown.isRunning}
    >
      {label !== '获取验证码' && <span className="sms-code-button__sr-only">获取验证码，</span>}
      {label}
    </button>
  );
}
