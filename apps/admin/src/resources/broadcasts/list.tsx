import type { Broadcast } from '@ld/contract/admin/broadcasts';
import { CreateButton, List, useTable } from '@refinedev/antd';
import type { CrudFilters } from '@refinedev/core';
import { Button, Form, Progress, Select, Table, Tag, Typography } from 'antd';
import { QueryTable } from '../../shared/query-table';
import { formatTime } from '../../shared/time';

interface Search {
  audience?: Broadcast['audience'];
  status?: Broadcast['status'];
}

export const AUDIENCE_LABELS = { user: '单个用户', channel: '渠道', all: '全体用户' } as const;
const STATUS = {
  queued: <Tag>排队中</Tag>,
  running: <Tag color="processing">发送中</Tag>,
  done: <Tag color="success">已完成</Tag>,
} as const;

const audienceOf = (b: Broadcast) =>
  b.audience === 'user' ? `用户 #${b.userId}` : b.audience === 'channel' ? `渠道 ${b.channelId}` : '全体用户';

/** 系统消息: every send with its progress; the page refreshes itself while a send is unfinished. */
export function BroadcastList() {
  const { tableProps, tableQuery, searchFormProps } = useTable<
    Broadcast,
    { message: string; statusCode: number },
    Search
  >({
    resource: 'broadcasts',
    sorters: { initial: [{ field: 'createTime', order: 'desc' }] },
    onSearch: (values): CrudFilters => [
      { field: 'audience', operator: 'eq', value: values.audience },
      { field: 'status', operator: 'eq', value: values.status },
    ],
    queryOptions: {
      refetchInterval: (query) => (query.state.data?.data.some((b) => b.status !== 'done') ? 2000 : false),
    },
  });
  return (
    <List title="系统消息" headerButtons={<CreateButton>发送消息</CreateButton>}>
      <Form
        {...searchFormProps}
        name="broadcast-filter"
        layout="inline"
        style={{ marginBottom: 16 }}
        aria-label="筛选发送记录"
      >
        <Form.Item label="发送对象" name="audience">
          <Select
            allowClear
            placeholder="全部"
            style={{ width: 120 }}
            options={Object.entries(AUDIENCE_LABELS).map(([value, label]) => ({ value, label }))}
          />
        </Form.Item>
        <Form.Item label="状态" name="status">
          <Select
            allowClear
            placeholder="全部"
            style={{ width: 110 }}
            options={[
              { value: 'queued', label: '排队中' },
              { value: 'running', label: '发送中' },
              { value: 'done', label: '已完成' },
            ]}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          筛选
        </Button>
      </Form>
      <QueryTable<Broadcast> {...tableProps} query={tableQuery} rowKey="id" emptyText="还没有发送过系统消息">
        <Table.Column<Broadcast> dataIndex="id" title="编号" width={70} />
        <Table.Column<Broadcast>
          dataIndex="title"
          title="消息"
          render={(title: string, b) => (
            <div>
              <Typography.Text strong>{title}</Typography.Text>
              <Typography.Paragraph
                type="secondary"
                ellipsis={{ rows: 1, tooltip: b.content }}
                style={{ marginBottom: 0 }}
              >
                {b.content}
              </Typography.Paragraph>
            </div>
          )}
        />
        <Table.Column<Broadcast> title="发送对象" width={130} render={(_, b) => audienceOf(b)} />
        <Table.Column<Broadcast>
          dataIndex="status"
          title="状态"
          width={90}
          render={(s: Broadcast['status']) => STATUS[s]}
        />
        <Table.Column<Broadcast>
          title="进度"
          width={200}
          render={(_, b) => (
            <Progress
              percent={b.total === 0 ? 100 : Math.floor((b.sent / b.total) * 100)}
              size="small"
              format={() => `${b.sent} / ${b.total}`}
              aria-label={`已送达 ${b.sent} / ${b.total}`}
            />
          )}
        />
        <Table.Column<Broadcast>
          dataIndex="operatorName"
          title="操作员"
          width={120}
          render={(v: string | null) => v ?? '—'}
        />
        <Table.Column<Broadcast> dataIndex="createTime" title="发送时间" render={formatTime} width={170} />
        <Table.Column<Broadcast> dataIndex="finishTime" title="完成时间" render={formatTime} width={170} />
      </QueryTable>
    </List>
  );
}
