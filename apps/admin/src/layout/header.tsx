import { ROLE_LABELS } from '@ld/contract/admin/roles';
import { useLogout } from '@refinedev/core';
import { Layout, Space, Tag, Typography } from 'antd';
import { BusyButton } from '../shared/busy-button';
import { browserKeepsBeijingTime } from '../shared/time';
import { useSession } from '../shared/use-session';
import { KefuWaiting } from './kefu-waiting';

/**
 * The header bar, kept at the top as the page scrolls: which clock the console keeps (when the computer's is another), unanswered 客服
 * notes (for those who answer them), who is signed in, as what, and 退出登录.
 */
export function Header() {
  const session = useSession();
  const { mutate: logout, isPending } = useLogout();
  return (
    <Layout.Header
      style={{
        display: 'flex',
        justifyContent: 'flex-end',
        alignItems: 'center',
        background: '#fff',
        padding: '0 24px',
        height: 56,
        borderBottom: '1px solid #f0f0f0',
        // Stays at the top of a long page: the 客服 count and 退出登录 are always at hand.
        position: 'sticky',
        top: 0,
        zIndex: 10,
      }}
    >
      <Space size="middle">
        {/* The console's times are the portal's clock (shared/time.ts); said where the computer's differs. */}
        {browserKeepsBeijingTime() ? null : (
          <Typography.Text type="secondary">时间均为北京时间</Typography.Text>
        )}
        <KefuWaiting />
        {session ? (
          <>
            <Typography.Text strong aria-label="当前操作员">
              {session.operator.name}
            </Typography.Text>
            <Tag color="processing">{ROLE_LABELS[session.operator.role]}</Tag>
          </>
        ) : null}
        <BusyButton onClick={() => logout()} pending={isPending}>
          退出登录
        </BusyButton>
      </Space>
    </Layout.Header>
  );
}
