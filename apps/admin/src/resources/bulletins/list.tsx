import type { AdminBulletin } from '@ld/contract/admin/bulletins';
import { DeleteButton, EditButton, getDefaultSortOrder, List, ShowButton, useTable } from '@refinedev/antd';
import type { CrudFilters } from '@refinedev/core';
import { Button, Form, Input, Space, Table } from 'antd';
import {
  PUBLISH_WORDS,
  PublishButton,
  PublishedFilter,
  PublishedTag,
  usePublishToggle,
} from '../../shared/publish-actions';
import { QueryTable } from '../../shared/query-table';
import { formatTime } from '../../shared/time';

interface Search {
  title?: string;
  published?: 'true' | 'false';
}

/**
 * 公告 list: the exemplar of a console table. Paging, sorting and filters go to the server and
 * stay in the address (refine's syncWithLocation), so a reload or a shared link shows the same.
 */
export function BulletinList() {
  const { tableProps, tableQuery, searchFormProps, sorters } = useTable<
    AdminBulletin,
    { message: string; statusCode: number },
    Search
  >({
    sorters: { initial: [{ field: 'createTime', order: 'desc' }] },
    onSearch: (values): CrudFilters => [
      { field: 'title', operator: 'contains', value: values.title?.trim() || undefined },
      { field: 'published', operator: 'eq', value: values.published },
    ],
  });
  const publish = usePublishToggle<AdminBulletin>({
    resource: 'bulletins',
    name: (r) => r.title,
    words: PUBLISH_WORDS.publish,
  });
  return (
    <List title="公告" createButtonProps={{ children: '新建公告' }}>
      <Form
        {...searchFormProps}
        name="bulletin-filter"
        layout="inline"
        style={{ marginBottom: 16 }}
        aria-label="筛选公告"
      >
        <Form.Item label="标题" name="title">
          <Input allowClear placeholder="标题包含的文字" />
        </Form.Item>
        <PublishedFilter words={PUBLISH_WORDS.publish} />
        <Button type="primary" htmlType="submit">
          筛选
        </Button>
      </Form>
      <QueryTable<AdminBulletin>
        {...tableProps}
        query={tableQuery}
        rowKey="id"
        emptyText="还没有公告，点「新建公告」发布第一条"
      >
        <Table.Column<AdminBulletin>
          dataIndex="id"
          title="编号"
          sorter
          defaultSortOrder={getDefaultSortOrder('id', sorters)}
          width={80}
        />
        <Table.Column<AdminBulletin>
          dataIndex="title"
          title="标题"
          sorter
          defaultSortOrder={getDefaultSortOrder('title', sorters)}
        />
        <Table.Column<AdminBulletin>
          dataIndex="posType"
          title="位置"
          render={(v: number) => (v === 1 ? '启动弹窗' : `位置 ${v}`)}
          width={100}
        />
        <Table.Column<AdminBulletin>
          dataIndex="published"
          title="状态"
          width={90}
          render={(published: boolean) => (
            <PublishedTag published={published} words={PUBLISH_WORDS.publish} />
          )}
        />
        <Table.Column<AdminBulletin>
          dataIndex="createTime"
          title="创建时间"
          sorter
          defaultSortOrder={getDefaultSortOrder('createTime', sorters)}
          render={formatTime}
          width={110}
        />
        <Table.Column<AdminBulletin>
          dataIndex="updateTime"
          title="更新时间"
          render={formatTime}
          width={110}
        />
        <Table.Column<AdminBulletin>
          title="操作"
          width={300}
          render={(_, record) => (
            <Space>
              <ShowButton hideText={false} size="small" recordItemId={record.id}>
                查看
              </ShowButton>
              <EditButton size="small" recordItemId={record.id}>
                编辑
              </EditButton>
              <PublishButton record={record} action={publish} />
              <DeleteButton
                size="small"
                recordItemId={record.id}
                confirmTitle={`确定删除「${record.title}」吗？`}
                confirmOkText="删除"
                confirmCancelText="取消"
                successNotification={{ type: 'success', message: `已删除「${record.title}」` }}
              >
                删除
              </DeleteButton>
            </Space>
          )}
        />
      </QueryTable>
    </List>
  );
}
