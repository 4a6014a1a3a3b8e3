import type { AdminSession, TotpSetup } from '@ld/contract/admin/session';
import { useCustomMutation } from '@refinedev/core';
import { Alert, Button, Form, Input, QRCode, Space, Typography } from 'antd';
import { useEffect } from 'react';
import { sessionStore } from '../../providers/session-store';
import { BusyButton } from '../../shared/busy-button';

/**
 * Turning two-factor on: a new secret as a QR code (and as text, to type in), then a code from the
 * authenticator to confirm. Used by the compulsory enrolment and by 我的账号.
 */
export function TotpEnrol({ onEnabled }: { onEnabled: (session: AdminSession) => void }) {
  const setup = useCustomMutation<TotpSetup>();
  const enable = useCustomMutation<AdminSession>();
  const start = () =>
    setup.mutate({ url: '/me/totp/setup', method: 'post', values: {}, errorNotification: false });
  // A fresh secret each time the step is shown; an earlier unconfirmed one is replaced.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when shown
  useEffect(start, []);
  const secret = setup.mutation.data?.data;
  if (setup.mutation.isError) {
    return (
      <Alert
        type="error"
        showIcon
        message="二维码获取失败"
        description={setup.mutation.error?.message}
        action={
          <Button size="small" onClick={start}>
            重试
          </Button>
        }
      />
    );
  }
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Paragraph style={{ marginBottom: 0 }}>
        1. 用验证器扫描二维码（或手动输入密钥）；2. 输入验证器中显示的 6 位验证码。
      </Typography.Paragraph>
      <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 8 }}>
        {/* The secret below is the same for screen readers; the picture is for the camera. */}
        <div aria-hidden="true" className="totp-qr">
          <QRCode
            type="svg"
            value={secret?.otpauthUrl ?? '-'}
            status={secret ? 'active' : 'loading'}
            size={160}
            bordered
          />
        </div>
        <div style={{ textAlign: 'center' }}>
          <Typography.Text type="secondary">密钥（手动输入时空格可省略）</Typography.Text>
          <Typography.Paragraph
            copyable={secret ? { text: secret.secret, tooltips: ['复制', '已复制'] } : false}
            code
            style={{ marginBottom: 0, whiteSpace: 'nowrap' }}
            data-testid="totp-secret"
          >
            {secret ? groupsOfFour(secret.secret) : '生成中…'}
          </Typography.Paragraph>
        </div>
      </div>
      <Form<{ code: string }>
        name="totp-enable"
        layout="inline"
        requiredMark={false}
        onFinish={(values) =>
          enable.mutate(
            {
              url: '/me/totp/enable',
              method: 'post',
              values: { code: values.code.trim() },
              successNotification: { type: 'success', message: '两步验证已开启' },
            },
            {
              onSuccess: ({ data }) => {
                sessionStore.set(data);
                onEnabled(data);
              },
            },
          )
        }
      >
        <Form.Item
          label="验证码"
          name="code"
          rules={[{ required: true, pattern: /^\s*\d{6}\s*$/, message: '验证码为 6 位数字' }]}
        >
          <Input inputMode="numeric" autoComplete="one-time-code" maxLength={8} style={{ width: 140 }} />
        </Form.Item>
        <BusyButton type="primary" htmlType="submit" pending={enable.mutation.isPending} disabled={!secret}>
          确认开启
        </BusyButton>
      </Form>
    </Space>
  );
}

/** A base32 secret as authenticators print it, in groups of four ("ABCD EFGH …"): a long run of
 * letters is easy to mistype, and authenticators ignore the spaces. Copying gives it without them. */
function groupsOfFour(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}
