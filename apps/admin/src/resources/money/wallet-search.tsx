import { List } from '@refinedev/antd';
import { Button, Form, Input, Typography } from 'antd';
import { useNavigate } from 'react-router';

/** 用户账户: find a user by id or login name, then open the statement. */
export function WalletSearch() {
  const navigate = useNavigate();
  return (
    <List title="用户账户">
      <Typography.Paragraph type="secondary">
        输入用户 ID 或登录名，查看余额与流水，或人工调整余额（必填备注，计入流水与操作日志）。
      </Typography.Paragraph>
      <Form
        name="wallet-search"
        layout="inline"
        requiredMark={false}
        aria-label="查找用户"
        onFinish={(values: { user: string }) =>
          navigate(`/wallets/show/${encodeURIComponent(values.user.trim())}`)
        }
      >
        <Form.Item
          label="用户"
          name="user"
          rules={[
            { required: true, whitespace: true, message: '请输入用户 ID 或登录名' },
            { pattern: /^\s*[A-Za-z0-9_]{1,32}\s*$/, message: '用户 ID 为数字，登录名为字母、数字或下划线' },
          ]}
        >
          <Input allowClear placeholder="用户 ID 或登录名" style={{ width: 220 }} />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          查看
        </Button>
      </Form>
    </List>
  );
}
