import type { KefuNote } from '@ld/contract/admin/inbox';
import { List, ShowButton, useTable } from '@refinedev/antd';
import type { CrudFilters } from '@refinedev/core';
import { Button, Form, Input, Select, Space, Table, Tag, Typography } from 'antd';
import { BusyButton } from '../../shared/busy-button';
import { QueryTable } from '../../shared/query-table';
import { formatTime } from '../../shared/time';

interface Search {
  kind?: 'kefu' | 'business';
  answered?: 'true' | 'false';
  keyword?: string;
}

export const KIND_LABELS = { kefu: '联系客服', business: '合作共赢' } as const;

/** How often the open inbox asks for new notes (not while the tab is hidden). */
const REFRESH_MS = 10_000;

/**
 * 客服收件箱: what users leave through 联系客服 and 合作共赢, unanswered first. New notes come in
 * by themselves while the inbox is open (every REFRESH_MS, and when the tab is shown again), and
 * 刷新 asks at once.
 */
export function KefuList() {
  const { tableProps, tableQuery, searchFormProps } = useTable<
    KefuNote,
    { message: string; statusCode: number },
    Search
  >({
    resource: 'kefu',
    sorters: { initial: [{ field: 'inbox', order: 'desc' }], mode: 'server' },
    onSearch: (values): CrudFilters => [
      { field: 'kind', operator: 'eq', value: values.kind },
      { field: 'answered', operator: 'eq', value: values.answered },
      { field: 'keyword', operator: 'contains', value: values.keyword?.trim() || undefined },
    ],
    queryOptions: { refetchInterval: REFRESH_MS, refetchOnWindowFocus: true },
  });
  return (
    <List
      title="客服收件箱"
      headerButtons={
        <Space>
          <Typography.Text type="secondary">新留言每 {REFRESH_MS / 1000} 秒自动刷新</Typography.Text>
          <BusyButton pending={tableQuery.isFetching} onClick={() => void tableQuery.refetch()}>
            刷新
          </BusyButton>
        </Space>
      }
    >
      <Form
        {...searchFormProps}
        name="kefu-filter"
        layout="inline"
        style={{ marginBottom: 16 }}
        aria-label="筛选留言"
      >
        <Form.Item label="来源" name="kind">
          <Select
            allowClear
            placeholder="全部"
            style={{ width: 120 }}
            options={[
              { value: 'kefu', label: KIND_LABELS.kefu },
              { value: 'business', label: KIND_LABELS.business },
            ]}
          />
        </Form.Item>
        <Form.Item label="回复" name="answered">
          <Select
            allowClear
            placeholder="全部"
            style={{ width: 110 }}
            options={[
              { value: 'false', label: '未回复' },
              { value: 'true', label: '已回复' },
            ]}
          />
        </Form.Item>
        <Form.Item label="关键词" name="keyword">
          <Input allowClear placeholder="内容或联系方式" style={{ width: 180 }} />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          筛选
        </Button>
      </Form>
      <QueryTable<KefuNote> {...tableProps} query={tableQuery} rowKey="id" emptyText="没有符合条件的留言">
        <Table.Column<KefuNote>
          dataIndex="answered"
          title="状态"
          width={90}
          render={(answered: boolean) =>
            answered ? <Tag color="success">已回复</Tag> : <Tag color="warning">未回复</Tag>
          }
        />
        <Table.Column<KefuNote>
          dataIndex="kind"
          title="来源"
          width={100}
          render={(kind: KefuNote['kind']) => KIND_LABELS[kind]}
        />
        <Table.Column<KefuNote>
          dataIndex="content"
          title="内容"
          render={(content: string) => (
            <Typography.Paragraph ellipsis={{ rows: 2, tooltip: content }} style={{ marginBottom: 0 }}>
              {content}
            </Typography.Paragraph>
          )}
        />
        <Table.Column<KefuNote>
          title="用户"
          width={150}
          render={(_, r) => (r.userId === null ? <Tag>游客</Tag> : `${r.userName ?? ''} #${r.userId}`)}
        />
        <Table.Column<KefuNote>
          dataIndex="channelId"
          title="渠道"
          width={70}
          render={(v: string | null) => v ?? '—'}
        />
        <Table.Column<KefuNote>
          dataIndex="contact"
          title="联系方式"
          width={150}
          render={(v: string) => v || '—'}
        />
        <Table.Column<KefuNote> dataIndex="createTime" title="留言时间" render={formatTime} width={170} />
        <Table.Column<KefuNote>
          title="操作"
          width={90}
          render={(_, r) => (
            <ShowButton size="small" recordItemId={r.id}>
              {r.answered ? '查看' : '回复'}
            </ShowButton>
          )}
        />
      </QueryTable>
    </List>
  );
}
