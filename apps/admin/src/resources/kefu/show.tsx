import type { KefuThread } from '@ld/contract/admin/inbox';
import { ORDER_STATUS_TEXT, type OrderStatus } from '@ld/contract/wallet-values';
import { Show } from '@refinedev/antd';
import { type HttpError, useCustomMutation, useInvalidate, useShow } from '@refinedev/core';
import {
  Alert,
  Button,
  Card,
  Col,
  Descriptions,
  Empty,
  Form,
  Input,
  Row,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import { BusyButton } from '../../shared/busy-button';
import { formatTime, formatTimeAs } from '../../shared/time';
import { KIND_LABELS } from './list';

function Bubble({
  who,
  time,
  children,
  mine,
}: {
  who: string;
  time: string;
  children: string;
  mine?: boolean;
}) {
  return (
    <div style={{ display: 'flex', justifyContent: mine ? 'flex-end' : 'flex-start', marginBottom: 12 }}>
      <div
        style={{
          maxWidth: '80%',
          background: mine ? '#e6f4ff' : '#f5f5f5',
          borderRadius: 8,
          padding: '8px 12px',
        }}
      >
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {who} · {formatTime(time)}
        </Typography.Text>
        <div style={{ whiteSpace: 'pre-wrap' }}>{children}</div>
      </div>
    </div>
  );
}

/** One note: the conversation (the user's note, then every reply), who sent it and their recent orders; the reply box. */
export function KefuShow() {
  const { query } = useShow<KefuThread>({ resource: 'kefu' });
  const thread = query.data?.data;
  const reply = useCustomMutation<KefuThread>();
  // The inbox and the header's count of unanswered notes (layout/kefu-waiting.tsx) are lists of 'kefu'.
  const invalidate = useInvalidate();
  const [form] = Form.useForm<{ content: string }>();

  const send = (values: { content: string }) =>
    thread &&
    reply.mutate(
      {
        url: `/kefu/${thread.note.id}/reply`,
        method: 'post',
        values,
        successNotification: {
          type: 'success',
          message:
            thread.note.userId === null
              ? '回复已保存（游客留言，请按联系方式联系）'
              : '回复已发送到用户的系统消息',
        },
        errorNotification: (error) => ({
          type: 'error',
          message: (error as HttpError | undefined)?.message ?? '发送失败',
        }),
      },
      {
        onSuccess: () => {
          form.resetFields();
          void query.refetch();
          void invalidate({ resource: 'kefu', invalidates: ['list'] });
        },
        onError: (error) => {
          const errors = (error as HttpError).errors as Record<string, string> | undefined;
          if (errors?.content) form.setFields([{ name: 'content', errors: [errors.content] }]);
        },
      },
    );

  return (
    <Show title="留言详情" goBack={false} isLoading={query.isLoading} canEdit={false} canDelete={false}>
      {query.isError ? (
        <Alert
          type="error"
          showIcon
          message="留言加载失败"
          description={query.error?.message}
          action={
            <Button size="small" onClick={() => void query.refetch()}>
              重试
            </Button>
          }
        />
      ) : thread ? (
        <Row gutter={16}>
          <Col span={14}>
            <Card
              size="small"
              title={
                <Space>
                  <span>会话</span>
                  <Tag>{KIND_LABELS[thread.note.kind]}</Tag>
                  {thread.note.answered ? (
                    <Tag color="success">已回复</Tag>
                  ) : (
                    <Tag color="warning">未回复</Tag>
                  )}
                </Space>
              }
            >
              <section aria-label="会话记录">
                <Bubble
                  who={thread.user ? `用户 ${thread.user.name} #${thread.user.id}` : '游客（未登录）'}
                  time={thread.note.createTime}
                >
                  {thread.note.content}
                </Bubble>
                {thread.replies.map((r) => (
                  <Bubble
                    key={r.id}
                    who={`${r.operatorName ?? '客服'}${r.delivered ? '' : '（未站内送达）'}`}
                    time={r.createTime}
                    mine
                  >
                    {r.content}
                  </Bubble>
                ))}
              </section>
              <Form form={form} name="kefu-reply" layout="vertical" requiredMark={false} onFinish={send}>
                <Form.Item
                  label="回复内容"
                  name="content"
                  extra={
                    thread.note.userId === null
                      ? '游客留言：回复会保存在会话里，请按对方留下的联系方式联系'
                      : '发送后用户会在「系统消息」里看到（带未读提示），内容会附上他的原留言'
                  }
                  rules={[
                    {
                      validator: (_, v) =>
                        v?.trim()?.length >= 2
                          ? Promise.resolve()
                          : Promise.reject(new Error('回复至少 2 个字')),
                    },
                  ]}
                >
                  <Input.TextArea rows={4} maxLength={1000} showCount />
                </Form.Item>
                <BusyButton type="primary" htmlType="submit" pending={reply.mutation.isPending}>
                  发送回复
                </BusyButton>
              </Form>
            </Card>
          </Col>
          <Col span={10}>
            <Card size="small" title="用户">
              {thread.user ? (
                <Descriptions column={1} size="small">
                  <Descriptions.Item label="用户">
                    {thread.user.name} #{thread.user.id}（{thread.user.loginName}）
                  </Descriptions.Item>
                  <Descriptions.Item label="渠道">{thread.user.channelId}</Descriptions.Item>
                  <Descriptions.Item label="手机">{thread.user.phone ?? '未绑定'}</Descriptions.Item>
                  <Descriptions.Item label="蓝钻余额">{thread.user.coinNum}</Descriptions.Item>
                  <Descriptions.Item label="注册时间">{formatTime(thread.user.createTime)}</Descriptions.Item>
                  <Descriptions.Item label="联系方式">{thread.note.contact || '—'}</Descriptions.Item>
                </Descriptions>
              ) : (
                <Descriptions column={1} size="small">
                  <Descriptions.Item label="用户">游客（未登录）</Descriptions.Item>
                  <Descriptions.Item label="联系方式">{thread.note.contact || '—'}</Descriptions.Item>
                </Descriptions>
              )}
            </Card>
            <Card size="small" title="最近订单" style={{ marginTop: 16 }}>
              <Table
                size="small"
                rowKey="orderNo"
                pagination={false}
                dataSource={thread.orders}
                locale={{ emptyText: <Empty description="没有充值订单" /> }}
                columns={[
                  { title: '订单号', dataIndex: 'orderNo', ellipsis: { showTitle: true } },
                  {
                    title: '金额',
                    dataIndex: 'amount',
                    width: 80,
                    render: (fen: number) => `¥${(fen / 100).toFixed(2)}`,
                  },
                  {
                    title: '状态',
                    dataIndex: 'status',
                    width: 110,
                    render: (status: string) => ORDER_STATUS_TEXT[status as OrderStatus] ?? status,
                  },
                  {
                    title: '时间',
                    dataIndex: 'createTime',
                    width: 110,
                    render: (iso: string) => formatTimeAs(iso, 'MM-DD HH:mm'),
                  },
                ]}
              />
            </Card>
            {thread.earlier.length > 0 ? (
              <Card size="small" title="此前留言" style={{ marginTop: 16 }}>
                {thread.earlier.map((n) => (
                  <p key={n.id} style={{ marginBottom: 8 }}>
                    <Typography.Text type="secondary">{formatTime(n.createTime)} </Typography.Text>
                    {n.content}
                  </p>
                ))}
              </Card>
            ) : null}
          </Col>
        </Row>
      ) : null}
    </Show>
  );
}
