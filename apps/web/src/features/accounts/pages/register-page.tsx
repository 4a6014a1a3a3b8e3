import { useLocation } from 'react-router';
import { APP_TITLE } from '../../../shared/lib/brand';
import { getInviteCode } from '../../../shared/stores/device';
import { Link } from '../../../shared/ui/link';
import { TextField } from '../../../shared/ui/text-field';
import { useRegisterWithName } from '../api/register-with-name';
import { AuthHero } from '../components/auth-hero';
import { checkConfirm, checkLoginName, checkPassword, HINTS } from '../lib/rules';
import { useFinishLogin } from '../lib/use-finish-login';
import { useForm } from '../lib/use-form';

const checkInvite = (value: string) =>
  value.trim() && !/^[A-Za-z0-9_-]{1,32}$/.test(value.trim()) ? '邀请码为字母和数字，可以不填' : null;

/** 注册: login name, password twice and an optional invite code (from the link that brought the user). */
export default function RegisterPage() {
  const { search } = useLocation();
  const form = useForm(
    { loginName: '', password: '', confirm: '', inviteCode: getInviteCode() },
    {
      loginName: checkLoginName,
      password: checkPassword,
      confirm: (value, values) => checkConfirm(values.password)(value),
      inviteCode: checkInvite,
    },
  );
  const register = useRegisterWithName();
  const finishLogin = useFinishLogin();

  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    const values = register.isPending ? null : form.validate();
    if (!values) return;
    const { loginName, password, inviteCode } = values;
    register.mutate(
      { loginName: loginName.trim(), password, inviteCode: inviteCode.trim() || undefined },
      {
        onSuccess: async (account) => {
          form.reset();
          await finishLogin(account);
        },
      },
    );
  };

  return (
    <div className="acc-page">
      <AuthHero title={`注册${APP_TITLE}账号`} subtitle="注册即送新手礼包，签到、下载、阅读都能用" />
      <form className="acc-card" onSubmit={onSubmit} noValidate>
        <TextField
          label="用户名"
          {...form.field('loginName')}
          hint={HINTS.loginName}
          autoComplete="username"
          placeholder="设置登录用的用户名"
          maxLength={20}
        />
        <TextField
          label="密码"
          type="password"
          {...form.field('password')}
          hint={HINTS.password}
          autoComplete="new-password"
          placeholder="设置密码"
          maxLength={32}
        />
        <TextField
          label="确认密码"
          type="password"
          {...form.field('confirm')}
          hint="再输入一次密码"
          autoComplete="new-password"
          placeholder="再次输入密码"
          maxLength={32}
        />
        <TextField
          label="邀请码（选填）"
          {...form.field('inviteCode')}
          hint="好友的邀请码，没有可以不填"
          autoComplete="off"
          placeholder="填写好友的邀请码"
          maxLength={32}
        />
        <button type="submit" className="btn btn--primary acc-submit" disabled={register.isPending}>
          {register.isPending ? '注册中…' : '注册'}
        </button>
      </form>
      <div className="acc-links">
        <span>
          已有账号？<Link to={`/login${search}`}>登录</Link>
        </span>
        <Link to={`/other${search}`}>手机号登录</Link>
      </div>
    </div>
  );
}
