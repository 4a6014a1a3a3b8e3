import type { SmsType } from '@ld/contract/accounts';
import { TextField } from '../../../shared/ui/text-field';
import { HINTS } from '../lib/rules';
import { SmsCodeButton } from './sms-code-button';

interface Binding {
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string;
}

interface PhoneCodeFieldsProps {
  phone: Binding;
  code: Binding;
  /** Which code 获取验证码 asks for. */
  smsType: SmsType;
  /** Checks the phone field and answers the number to send to, or null. */
  takePhone: () => string | null;
  phoneHint?: string;
  phonePlaceholder?: string;
}

/** 手机号 and 验证码 with its 获取验证码 button: the pair every SMS form (login, bind, reset) shares. */
export function PhoneCodeFields({
  phone,
  code,
  smsType,
  takePhone,
  phoneHint = HINTS.phone,
  phonePlaceholder = '请输入手机号',
}: PhoneCodeFieldsProps) {
  return (
    <>
      <TextField
        label="手机号"
        type="tel"
        inputMode="numeric"
        {...phone}
        hint={phoneHint}
        autoComplete="tel-national"
        placeholder={phonePlaceholder}
        maxLength={11}
      />
      <TextField
        label="验证码"
        inputMode="numeric"
        {...code}
        hint={HINTS.code}
        autoComplete="one-time-code"
        placeholder="请输入验证码"
        maxLength={6}
        suffix={<SmsCodeButton type={smsType} takePhone={takePhone} />}
      />
    </>
  );
}
