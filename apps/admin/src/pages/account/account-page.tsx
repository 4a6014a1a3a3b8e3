import { operatorPasswordProblem } from '@ld/contract/admin/password';
import { ROLE_LABELS } from '@ld/contract/admin/roles';
import { useCustomMutation, useInvalidateAuthStore } from '@refinedev/core';
import { Card, Descriptions, Form, Input, Space, Tag, Typography } from 'antd';
import { BusyButton } from '../../shared/busy-button';
import { useSession } from '../../shared/use-session';
import { TotpEnrol } from '../login/totp-enrol';

interface PasswordForm {
  oldPassword: string;
  newPassword: string;
  confirm: string;
}

/** 我的账号: who I am, my password, my two-factor. */
export function AccountPage() {
  const session = useSession();
  const invalidateAuth = useInvalidateAuthStore();
  const password = useCustomMutation();
  const disable = useCustomMutation();
  const [passwordForm] = Form.useForm<PasswordForm>();
  if (!session) return null;
  const { operator } = session;
  return (
    <Space direction="vertical" size="large" style={{ width: '100%', maxWidth: 720 }}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        我的账号
      </Typography.Title>
      <Card title="账号信息">
        <Descriptions column={1}>
          <Descriptions.Item label="操作员名">{operator.name}</Descriptions.Item>
          <Descriptions.Item label="角色">{ROLE_LABELS[operator.role]}</Descriptions.Item>
          <Descriptions.Item label="两步验证">
            {operator.totpEnabled ? <Tag color="success">已开启</Tag> : <Tag>未开启</Tag>}
            {session.totpRequired ? <Tag color="warning">管理员要求开启</Tag> : null}
          </Descriptions.Item>
        </Descriptions>
      </Card>

      <Card title="修改密码">
        <Form<PasswordForm>
          name="own-password"
          form={passwordForm}
          layout="vertical"
          requiredMark={false}
          style={{ maxWidth: 400 }}
          onFinish={(values) =>
            password.mutate(
              {
                url: '/me/password',
                method: 'post',
                values: { oldPassword: values.oldPassword, newPassword: values.newPassword },
                successNotification: { type: 'success', message: '密码已修改，其他设备上的登录已退出' },
              },
              { onSuccess: () => passwordForm.resetFields() },
            )
          }
        >
          <Form.Item label="原密码" name="oldPassword" rules={[{ required: true, message: '请填写原密码' }]}>
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <Form.Item
            label="新密码"
            name="newPassword"
            extra="至少 10 位，包含大写字母、小写字母、数字、符号中的至少三种"
            rules={[
              { required: true, message: '请填写新密码' },
              {
                validator: async (_, value: string) => {
                  const problem = value ? operatorPasswordProblem(value, operator.name) : null;
                  if (problem) throw new Error(problem);
                },
              },
            ]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item
            label="确认新密码"
            name="confirm"
            dependencies={['newPassword']}
            rules={[
              { required: true, message: '请再输入一次新密码' },
              ({ getFieldValue }) => ({
                validator: async (_, value) => {
                  if (value && value !== getFieldValue('newPassword'))
                    throw new Error('两次输入的新密码不一致');
                },
              }),
            ]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <BusyButton type="primary" htmlType="submit" pending={password.mutation.isPending}>
            修改密码
          </BusyButton>
        </Form>
      </Card>

      <Card title="两步验证">
        {operator.totpEnabled ? (
          <Form<{ password: string; code: string }>
            name="totp-disable"
            layout="vertical"
            requiredMark={false}
            style={{ maxWidth: 400 }}
            disabled={session.totpRequired}
            onFinish={(values) =>
              disable.mutate(
                {
                  url: '/me/totp/disable',
                  method: 'post',
                  values: { password: values.password, code: values.code.trim() },
                  successNotification: { type: 'success', message: '两步验证已关闭' },
                },
                { onSuccess: () => void invalidateAuth() },
              )
            }
          >
            <Typography.Paragraph>
              {session.totpRequired
                ? '管理员要求所有操作员开启两步验证，不能关闭。'
                : '关闭两步验证需要密码和验证器中的当前验证码。'}
            </Typography.Paragraph>
            <Form.Item label="密码" name="password" rules={[{ required: true, message: '请填写密码' }]}>
              <Input.Password autoComplete="current-password" />
            </Form.Item>
            <Form.Item
              label="验证码"
              name="code"
              rules={[{ required: true, pattern: /^\s*\d{6}\s*$/, message: '验证码为 6 位数字' }]}
            >
              <Input inputMode="numeric" autoComplete="one-time-code" maxLength={8} />
            </Form.Item>
            <BusyButton danger htmlType="submit" pending={disable.mutation.isPending}>
              关闭两步验证
            </BusyButton>
          </Form>
        ) : (
          <TotpEnrol onEnabled={() => void invalidateAuth()} />
        )}
      </Card>
    </Space>
  );
}
