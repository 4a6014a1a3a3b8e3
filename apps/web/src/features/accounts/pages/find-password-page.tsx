import { useUserStatus } from '../../../shared/api/get-user-status';
import { Link } from '../../../shared/ui/link';
import { ErrorState, Loading } from '../../../shared/ui/states';
import { toast } from '../../../shared/ui/toast-store';
import { useResetPassword } from '../api/reset-password';
import { NewPasswordFields } from '../components/new-password-fields';
import { PhoneCodeFields } from '../components/phone-code-fields';
import { checkConfirm, checkPassword, checkPhone, checkSmsCode, fitsMaskedPhone } from '../lib/rules';
import { useForm } from '../lib/use-form';
import { useGoBack } from '../lib/use-go-back';
import '../components/form.css';

/** 找回密码: a new password by a code sent to the bound phone (DESIGN §6); unbound accounts are told what to do. */
export default function FindPasswordPage() {
  const status = useUserStatus();
  if (status.isPending) return <Loading />;
  if (status.isError) return <ErrorState onRetry={() => status.refetch()} />;
  const boundPhone = status.data.phone;
  if (!boundPhone) {
    return (
      <div className="acc-page">
        <div className="acc-card acc-notice">
          <h2 className="acc-notice__title">还没有绑定手机号</h2>
          <p>
            短信找回密码需要先绑定手机号。绑定后也可以用验证码直接登录。记得原密码的话，也可以直接用原密码修改。
          </p>
          <div className="acc-notice__actions">
            <Link to="/bind" className="btn btn--primary">
              绑定手机
            </Link>
            <Link to="/reset" className="btn btn--ghost">
              用原密码修改
            </Link>
          </div>
        </div>
      </div>
    );
  }
  return <FindPasswordForm boundPhone={boundPhone} />;
}

function FindPasswordForm({ boundPhone }: { boundPhone: string }) {
  const checkBoundPhone = (value: string) =>
    checkPhone(value) ??
    (fitsMaskedPhone(value.trim(), boundPhone) ? null : `请填写绑定的手机号 ${boundPhone}`);
  const form = useForm(
    { phone: '', code: '', newPassword: '', confirm: '' },
    {
      phone: checkBoundPhone,
      code: checkSmsCode,
      newPassword: checkPassword,
      confirm: (value, values) => checkConfirm(values.newPassword)(value),
    },
  );
  const reset = useResetPassword();
  const goBack = useGoBack();
  const takePhone = () => form.validate(['phone'])?.phone.trim() ?? null;

  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    const values = reset.isPending ? null : form.validate();
    if (!values) return;
    const { phone, code, newPassword } = values;
    reset.mutate(
      { phone: phone.trim(), code: code.trim(), newPassword },
      {
        onSuccess: () => {
          form.reset();
          toast.success('密码已修改，下次请用新密码登录');
          goBack();
        },
      },
    );
  };

  return (
    <div className="acc-page">
      <form className="acc-card" onSubmit={onSubmit} noValidate>
        <p className="acc-card__intro">
          验证码将发送到账号绑定的手机 <strong>{boundPhone}</strong>，请填写完整的手机号。
        </p>
        <PhoneCodeFields
          phone={form.field('phone')}
          code={form.field('code')}
          smsType="reset"
          takePhone={takePhone}
          phoneHint={`绑定的手机号 ${boundPhone}`}
          phonePlaceholder={boundPhone}
        />
        <NewPasswordFields password={form.field('newPassword')} confirm={form.field('confirm')} />
        <button type="submit" className="btn btn--primary acc-submit" disabled={reset.isPending}>
          {reset.isPending ? '提交中…' : '确认修改'}
        </button>
      </form>
      <p className="acc-tip">
        记得原密码？<Link to="/reset">用原密码修改</Link>
      </p>
    </div>
  );
}
