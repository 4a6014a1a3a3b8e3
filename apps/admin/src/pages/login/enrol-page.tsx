import { useGo, useInvalidateAuthStore, useLogout } from '@refinedev/core';
import { Alert, Button } from 'antd';
import { takeRememberedPage } from '../../providers/return-to';
import { AuthCard } from './auth-card';
import { TotpEnrol } from './totp-enrol';

/**
 * The compulsory enrolment: an operator without two-factor sets it up before anything else, then
 * goes on where the login would have (the page their last session ended on, else home).
 */
export function EnrolPage() {
  const go = useGo();
  const invalidateAuth = useInvalidateAuthStore();
  const { mutate: logout } = useLogout();
  return (
    <AuthCard title="开启两步验证">
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 16 }}
        message="管理员要求所有操作员开启两步验证，完成后才能继续使用后台。"
      />
      <TotpEnrol
        onEnabled={async (session) => {
          await invalidateAuth();
          go({ to: takeRememberedPage(session.operator.name), type: 'replace' });
        }}
      />
      <Button type="link" block style={{ marginTop: 8 }} onClick={() => logout()}>
        退出登录
      </Button>
    </AuthCard>
  );
}
