import { useLogin, useLogout } from '@refinedev/core';
import { Button, Form, Input, Typography } from 'antd';
import { BusyButton } from '../../shared/busy-button';
import { AuthCard } from './auth-card';

/** 登录第二步: the 6-digit code from the operator's authenticator app. */
export function TotpPage() {
  const { mutate: login, isPending } = useLogin<{ code: string }>();
  const { mutate: logout } = useLogout();
  return (
    <AuthCard title="两步验证">
      <Typography.Paragraph type="secondary">
        请打开验证器（如 Google Authenticator、腾讯身份验证器），输入当前显示的 6 位验证码。
      </Typography.Paragraph>
      <Form<{ code: string }>
        layout="vertical"
        requiredMark={false}
        onFinish={(values) => login({ code: values.code.trim() })}
      >
        <Form.Item
          label="验证码"
          name="code"
          rules={[{ required: true, pattern: /^\s*\d{6}\s*$/, message: '验证码为 6 位数字' }]}
        >
          <Input inputMode="numeric" autoComplete="one-time-code" maxLength={8} autoFocus />
        </Form.Item>
        <BusyButton type="primary" htmlType="submit" block pending={isPending}>
          验证
        </BusyButton>
      </Form>
      <Button type="link" block style={{ marginTop: 8 }} onClick={() => logout()}>
        返回登录
      </Button>
    </AuthCard>
  );
}
