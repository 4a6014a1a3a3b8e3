import { Card, Typography } from 'antd';
import type { ReactNode } from 'react';

/** The frame of the login steps: centred card with the console's name. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main
      style={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        background: '#f0f5ff',
      }}
    >
      <Card style={{ width: 400 }}>
        <Typography.Title level={3} style={{ textAlign: 'center', marginTop: 0 }}>
          蓝钻乐园 管理后台
        </Typography.Title>
        <Typography.Title level={4} style={{ marginTop: 0 }}>
          {title}
        </Typography.Title>
        {children}
      </Card>
    </main>
  );
}
