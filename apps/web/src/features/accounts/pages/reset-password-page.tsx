import { Link } from '../../../shared/ui/link';
import { TextField } from '../../../shared/ui/text-field';
import { toast } from '../../../shared/ui/toast-store';
import { useResetPassword } from '../api/reset-password';
import { NewPasswordFields } from '../components/new-password-fields';
import { checkConfirm, checkLoginPassword, checkPassword } from '../lib/rules';
import { useForm } from '../lib/use-form';
import { useGoBack } from '../lib/use-go-back';
import '../components/form.css';

/** 修改密码: by the old password; other devices are logged out, this one stays (DESIGN §6). */
export default function ResetPasswordPage() {
  const form = useForm(
    { oldPassword: '', newPassword: '', confirm: '' },
    {
      oldPassword: checkLoginPassword,
      newPassword: (value, values) =>
        checkPassword(value) ?? (value === values.oldPassword ? '新密码不能与原密码相同' : null),
      confirm: (value, values) => checkConfirm(values.newPassword)(value),
    },
  );
  const reset = useResetPassword();
  const goBack = useGoBack();

  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    const values = reset.isPending ? null : form.validate();
    if (!values) return;
    reset.mutate(
      { oldPassword: values.oldPassword, newPassword: values.newPassword },
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
        <p className="acc-card__intro">修改后，其他设备上的登录会失效，需要用新密码重新登录。</p>
        <TextField
          label="原密码"
          type="password"
          {...form.field('oldPassword')}
          autoComplete="current-password"
          placeholder="请输入原密码"
          maxLength={32}
        />
        <NewPasswordFields password={form.field('newPassword')} confirm={form.field('confirm')} />
        <button type="submit" className="btn btn--primary acc-submit" disabled={reset.isPending}>
          {reset.isPending ? '提交中…' : '确认修改'}
        </button>
      </form>
      <p className="acc-tip">
        忘记原密码或用手机号注册的账号？<Link to="/find">用手机验证码设置新密码</Link>
      </p>
    </div>
  );
}
