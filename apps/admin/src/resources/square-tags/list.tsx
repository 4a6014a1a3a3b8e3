import type { AdminSquareTag } from '@ld/contract/admin/square-tags';
import { EditButton, getDefaultSortOrder, List, useTable } from '@refinedev/antd';
import { type CrudFilters, useUpdate } from '@refinedev/core';
import { Button, Form, Select, Space, Table, Tag } from 'antd';
import { QueryTable } from '../../shared/query-table';
import { formatTime } from '../../shared/time';

interface Search {
  published?: 'true' | 'false';
}

/** 话题: the square's tags, in the order it lists them (排序 ascending), with 启用/停用. */
export function SquareTagList() {
  const { tableProps, tableQuery, searchFormProps, sorters } = useTable<
    AdminSquareTag,
    { message: string; statusCode: number },
    Search
  >({
    sorters: { initial: [{ field: 'sort', order: 'asc' }] },
    onSearch: (values): CrudFilters => [{ field: 'published', operator: 'eq', value: values.published }],
  });
  const { mutate: update, mutation } = useUpdate<AdminSquareTag>();
  const toggle = (record: AdminSquareTag, published: boolean) =>
    update({
      resource: 'square-tags',
      id: record.id,
      values: { published },
      successNotification: {
        type: 'success',
        message: published ? `已启用「${record.name}」` : `已停用「${record.name}」`,
      },
    });
  return (
    <List title="广场话题" createButtonProps={{ children: '新建话题' }}>
      <Form
        {...searchFormProps}
        name="square-tag-filter"
        layout="inline"
        style={{ marginBottom: 16 }}
        aria-label="筛选话题"
      >
        <Form.Item label="状态" name="published">
          <Select
            allowClear
            placeholder="全部"
            style={{ width: 120 }}
            options={[
              { value: 'true', label: '已启用' },
              { value: 'false', label: '已停用' },
            ]}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          筛选
        </Button>
      </Form>
      <QueryTable<AdminSquareTag>
        {...tableProps}
        query={tableQuery}
        rowKey="id"
        emptyText="还没有话题，点「新建话题」添加"
      >
        <Table.Column<AdminSquareTag>
          dataIndex="sort"
          title="排序"
          sorter
          defaultSortOrder={getDefaultSortOrder('sort', sorters)}
          width={80}
        />
        <Table.Column<AdminSquareTag>
          dataIndex="id"
          title="编号"
          sorter
          defaultSortOrder={getDefaultSortOrder('id', sorters)}
          width={90}
        />
        <Table.Column<AdminSquareTag>
          dataIndex="name"
          title="话题"
          sorter
          defaultSortOrder={getDefaultSortOrder('name', sorters)}
        />
        <Table.Column<AdminSquareTag>
          dataIndex="published"
          title="状态"
          width={90}
          render={(published: boolean) => (published ? <Tag color="success">已启用</Tag> : <Tag>已停用</Tag>)}
        />
        <Table.Column<AdminSquareTag>
          dataIndex="createTime"
          title="创建时间"
          render={formatTime}
          width={180}
        />
        <Table.Column<AdminSquareTag>
          title="操作"
          width={170}
          render={(_, record) => (
            <Space>
              <EditButton size="small" recordItemId={record.id}>
                编辑
              </EditButton>
              <Button
                size="small"
                loading={mutation.isPending && mutation.variables?.id === record.id}
                onClick={() => toggle(record, !record.published)}
              >
                {record.published ? '停用' : '启用'}
              </Button>
            </Space>
          )}
        />
      </QueryTable>
    </List>
  );
}
