import type { ConsoleSettings } from '@ld/contract/admin/operators';
import { useCustom, useCustomMutation } from '@refinedev/core';
import { Alert, Button, Card, Space, Switch, Typography } from 'antd';

/** The console's settings: compulsory two-factor for every operator. */
export function SettingsCard() {
  const settings = useCustom<ConsoleSettings>({ url: '/settings', method: 'get' });
  const save = useCustomMutation<ConsoleSettings>();
  const required = settings.query.data?.data.totpRequired ?? false;
  return (
    <Card title="后台设置" style={{ marginBottom: 24 }}>
      {settings.query.isError ? (
        <Alert
          type="error"
          showIcon
          message="设置加载失败"
          description={settings.query.error?.message}
          action={
            <Button size="small" onClick={() => void settings.query.refetch()}>
              重试
            </Button>
          }
        />
      ) : (
        <Space align="start">
          <Switch
            id="totp-required"
            aria-label="强制所有操作员开启两步验证"
            checked={required}
            loading={settings.query.isLoading || save.mutation.isPending}
            onChange={(next) =>
              save.mutate(
                {
                  url: '/settings',
                  method: 'put',
                  values: { totpRequired: next },
                  successNotification: {
                    type: 'success',
                    message: next ? '已要求所有操作员开启两步验证' : '已取消强制两步验证',
                  },
                },
                { onSuccess: () => void settings.query.refetch() },
              )
            }
          />
          <div>
            <label htmlFor="totp-required">强制所有操作员开启两步验证</label>
            <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
              开启后，未设置两步验证的操作员下次登录时须先完成设置才能使用后台。
            </Typography.Paragraph>
          </div>
        </Space>
      )}
    </Card>
  );
}
