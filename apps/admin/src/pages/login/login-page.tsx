import { OPERATOR_PASSWORD_MAX } from '@ld/contract/admin/password';
import { useIsAuthenticated, useLogin } from '@refinedev/core';
import { Form, Input } from 'antd';
import { Navigate } from 'react-router';
import { BusyButton } from '../../shared/busy-button';
import { useSession } from '../../shared/use-session';
import { AuthCard } from './auth-card';

interface LoginForm {
  name: string;
  password: string;
}

/**
 * 登录: name and password. What follows is the server's answer: the console, the two-factor code
 * (/login/totp) or the compulsory enrolment (/enrol). A refusal (wrong password, locked for N
 * minutes, disabled) is shown as the server words it; what was typed stays.
 */
export function LoginPage() {
  const { mutate: login, isPending, isSuccess } = useLogin<LoginForm>();
  // Already signed in (a bookmark of /login): home. The form itself never unmounts while the
  // check runs, so what was typed stays after a refused login. Not after this page's own login:
  // refine has gone on to the login's page, and react-router keeps this page on screen until that
  // navigation's transition commits; the check's answer arriving meanwhile would send the
  // operator home instead of back to the page they were on (providers/return-to.ts). Nor after
  // 退出登录: refine comes here while the check it runs again is on its way, its last answer
  // still "signed in"; the session store, cleared by the logout, says otherwise (a check that
  // finds a session fills it).
  const { data: auth } = useIsAuthenticated();
  const active = useSession()?.stage === 'active';
  if (auth?.authenticated && active && !isSuccess) return <Navigate to="/" replace />;
  return (
    <AuthCard title="登录">
      <Form<LoginForm> layout="vertical" requiredMark={false} onFinish={(values) => login(values)}>
        <Form.Item
          label="操作员名"
          name="name"
          rules={[{ required: true, whitespace: true, message: '请填写操作员名' }]}
        >
          <Input autoComplete="username" autoFocus />
        </Form.Item>
        <Form.Item label="密码" name="password" rules={[{ required: true, message: '请填写密码' }]}>
          <Input.Password autoComplete="current-password" maxLength={OPERATOR_PASSWORD_MAX} />
        </Form.Item>
        <BusyButton type="primary" htmlType="submit" block pending={isPending}>
          登录
        </BusyButton>
      </Form>
    </AuthCard>
  );
}
