import { useUserStatus } from '../../../shared/api/get-user-status';
import { Link } from '../../../shared/ui/link';
import { ErrorState, Loading } from '../../../shared/ui/states';
import { toast } from '../../../shared/ui/toast-store';
import { useBindPhone } from '../api/bind-phone';
import { PhoneCodeFields } from '../components/phone-code-fields';
import { checkPhone, checkSmsCode } from '../lib/rules';
import { useForm } from '../lib/use-form';
import { useGoBack } from '../lib/use-go-back';
import '../components/form.css';

/** 绑定手机: phone and a code (type bind); the account then logs in by code and can reset its password by SMS. */
export default function BindPhonePage() {
  const status = useUserStatus();
  const form = useForm({ phone: '', code: '' }, { phone: checkPhone, code: checkSmsCode });
  const bind = useBindPhone();
  const goBack = useGoBack('/user');
  const takePhone = () => form.validate(['phone'])?.phone.trim() ?? null;

  if (status.isPending) return <Loading />;
  if (status.isError) return <ErrorState onRetry={() => status.refetch()} />;
  if (status.data.phone && !bind.isPending) {
    return (
      <div className="acc-page">
        <div className="acc-card acc-notice">
          <h2 className="acc-notice__title">已绑定手机号</h2>
          <p>
            当前账号已绑定 <strong>{status.data.phone}</strong>
            ，可以用它验证码登录和找回密码。如需更换请联系客服。
          </p>
          <div className="acc-notice__actions">
            <Link to="/user" className="btn btn--ghost">
              返回个人中心
            </Link>
          </div>
        </div>
      </div>
    );
  }

  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    const values = bind.isPending ? null : form.validate();
    if (!values) return;
    bind.mutate(
      { phone: values.phone.trim(), code: values.code.trim() },
      {
        onSuccess: () => {
          form.reset();
          toast.success('手机号绑定成功');
          goBack();
        },
      },
    );
  };

  return (
    <div className="acc-page">
      <form className="acc-card" onSubmit={onSubmit} noValidate>
        <p className="acc-card__intro">
          绑定后可以用手机号验证码登录、找回密码，账号更安全。一个手机号只能绑定一个账号。
        </p>
        <PhoneCodeFields
          phone={form.field('phone')}
          code={form.field('code')}
          smsType="bind"
          takePhone={takePhone}
        />
        <button type="submit" className="btn btn--primary acc-submit" disabled={bind.isPending}>
          {bind.isPending ? '绑定中…' : '绑定'}
        </button>
      </form>
    </div>
  );
}
