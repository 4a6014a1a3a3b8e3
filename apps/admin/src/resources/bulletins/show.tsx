import type { AdminBulletin } from '@ld/contract/admin/bulletins';
import { Show } from '@refinedev/antd';
import { useShow } from '@refinedev/core';
import { Alert, Button, Card, Descriptions, Tag, Typography } from 'antd';
import { formatTime } from '../../shared/time';

/** 公告详情: as the portal will show it (the server's cleaned HTML), and the HTML as saved. */
export function BulletinShow() {
  const { query } = useShow<AdminBulletin>();
  const bulletin = query.data?.data;
  return (
    <Show title="公告详情" goBack={false} isLoading={query.isLoading}>
      {query.isError ? (
        <Alert
          type="error"
          showIcon
          message="公告加载失败"
          description={query.error?.message}
          action={
            <Button size="small" onClick={() => void query.refetch()}>
              重试
            </Button>
          }
        />
      ) : bulletin ? (
        <>
          <Descriptions column={2} bordered size="small">
            <Descriptions.Item label="标题">{bulletin.title}</Descriptions.Item>
            <Descriptions.Item label="状态">
              {bulletin.published ? <Tag color="success">已发布</Tag> : <Tag>未发布</Tag>}
            </Descriptions.Item>
            <Descriptions.Item label="创建时间">{formatTime(bulletin.createTime)}</Descriptions.Item>
            <Descriptions.Item label="更新时间">{formatTime(bulletin.updateTime)}</Descriptions.Item>
          </Descriptions>
          <Card title="门户展示效果" size="small" style={{ marginTop: 16 }}>
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: cleaned by the server's allow-list sanitiser (platform/server-html.ts), as the portal serves it */}
            <div className="bulletin-preview" dangerouslySetInnerHTML={{ __html: bulletin.cleanContent }} />
          </Card>
          <Card title="保存的 HTML" size="small" style={{ marginTop: 16 }}>
            <Typography.Paragraph code style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>
              {bulletin.content}
            </Typography.Paragraph>
          </Card>
        </>
      ) : null}
    </Show>
  );
}
