import { useLocation } from 'react-router';
import { APP_TITLE } from '../../../shared/lib/brand';
import { Link } from '../../../shared/ui/link';
import { TextField } from '../../../shared/ui/text-field';
import { useLogin } from '../api/login';
import { AuthHero } from '../components/auth-hero';
import { checkLoginName, checkLoginPassword, HINTS } from '../lib/rules';
import { useFinishLogin } from '../lib/use-finish-login';
import { useForm } from '../lib/use-form';

/** 登录: login name and password; success greets and returns to the page that asked for login. */
export default function LoginPage() {
  const { search } = useLocation();
  const form = useForm(
    { loginName: '', password: '' },
    { loginName: checkLoginName, password: checkLoginPassword },
  );
  const login = useLogin();
  const finishLogin = useFinishLogin();

  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    const values = login.isPending ? null : form.validate();
    if (!values) return;
    login.mutate(
      { loginName: values.loginName.trim(), password: values.password },
      {
        onSuccess: async (account) => {
          form.setValue('password', '');
          await finishLogin(account);
        },
      },
    );
  };

  return (
    <div className="acc-page">
      <AuthHero title={`欢迎来到${APP_TITLE}`} subtitle="登录后可同步阅读记录、领取礼包和签到奖励" />
      <form className="acc-card" onSubmit={onSubmit} noValidate>
        <TextField
          label="用户名"
          {...form.field('loginName')}
          hint={HINTS.loginName}
          autoComplete="username"
          placeholder="请输入用户名"
          maxLength={20}
        />
        <TextField
          label="密码"
          type="password"
          {...form.field('password')}
          autoComplete="current-password"
          placeholder="请输入密码"
          maxLength={32}
        />
        <button type="submit" className="btn btn--primary acc-submit" disabled={login.isPending}>
          {login.isPending ? '登录中…' : '登录'}
        </button>
      </form>
      <div className="acc-links">
        <span>
          还没有账号？<Link to={`/register${search}`}>注册</Link>
        </span>
        <Link to={`/other${search}`}>手机号登录</Link>
      </div>
      <p className="acc-tip">
        忘记密码？可以用绑定的手机号通过「手机号登录」验证码登录，再到「我的」里修改密码。
      </p>
    </div>
  );
}
