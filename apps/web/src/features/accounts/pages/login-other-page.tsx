import { useLocation } from 'react-router';
import { isPhoneAutoRegister, useClientConfig } from '../../../shared/api/get-client-config';
import { getInviteCode } from '../../../shared/stores/device';
import { Link } from '../../../shared/ui/link';
import { useLoginWithPhone } from '../api/login-with-phone';
import { AuthHero } from '../components/auth-hero';
import { PhoneCodeFields } from '../components/phone-code-fields';
import { checkPhone, checkSmsCode } from '../lib/rules';
import { useFinishLogin } from '../lib/use-finish-login';
import { useForm } from '../lib/use-form';

/** 手机号登录: phone and SMS code; a new number registers unless the config turns that off (spec §4). */
export default function LoginOtherPage() {
  const { search } = useLocation();
  const config = useClientConfig();
  const form = useForm({ phone: '', code: '' }, { phone: checkPhone, code: checkSmsCode });
  const phoneLogin = useLoginWithPhone();
  const finishLogin = useFinishLogin();
  const autoRegister = isPhoneAutoRegister(config.data);

  const takePhone = () => form.validate(['phone'])?.phone.trim() ?? null;

  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    const values = phoneLogin.isPending ? null : form.validate();
    if (!values) return;
    phoneLogin.mutate(
      {
        phone: values.phone.trim(),
        code: values.code.trim(),
        inviteCode: getInviteCode() || undefined,
      },
      {
        onSuccess: async (account) => {
          form.setValue('code', '');
          await finishLogin(account);
        },
      },
    );
  };

  return (
    <div className="acc-page">
      <AuthHero
        title="手机号登录"
        subtitle={autoRegister ? '未注册的手机号验证后将自动创建账号' : '请使用已绑定账号的手机号登录'}
      />
      <form className="acc-card" onSubmit={onSubmit} noValidate>
        <PhoneCodeFields
          phone={form.field('phone')}
          code={form.field('code')}
          smsType="login"
          takePhone={takePhone}
        />
        <button type="submit" className="btn btn--primary acc-submit" disabled={phoneLogin.isPending}>
          {phoneLogin.isPending ? '登录中…' : '登录'}
        </button>
      </form>
      <div className="acc-links">
        <Link to={`/login${search}`}>账号密码登录</Link>
        <Link to={`/register${search}`}>注册</Link>
      </div>
    </div>
  );
}
