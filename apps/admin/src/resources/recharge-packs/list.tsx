import type { AdminRechargePack } from '@ld/contract/admin/recharge-packs';
import { EditButton, getDefaultSortOrder, List, useTable } from '@refinedev/antd';
import { type CrudFilters, useUpdate } from '@refinedev/core';
import { Button, Form, Select, Space, Table, Tag } from 'antd';
import { QueryTable } from '../../shared/query-table';
import { yuan } from './fields';

interface Search {
  published?: 'true' | 'false';
}

/** 充值档位: what the recharge page offers, in its order (排序 ascending), with 上架/下架. */
export function RechargePackList() {
  const { tableProps, tableQuery, searchFormProps, sorters } = useTable<
    AdminRechargePack,
    { message: string; statusCode: number },
    Search
  >({
    sorters: { initial: [{ field: 'sort', order: 'asc' }] },
    onSearch: (values): CrudFilters => [{ field: 'published', operator: 'eq', value: values.published }],
  });
  const { mutate: update, mutation } = useUpdate<AdminRechargePack>();
  const label = (p: AdminRechargePack) => `${yuan(p.price)} / ${p.diamonds} 钻石`;
  const publish = (record: AdminRechargePack, published: boolean) =>
    update({
      resource: 'recharge-packs',
      id: record.id,
      values: { published },
      successNotification: {
        type: 'success',
        message: published ? `已上架「${label(record)}」` : `已下架「${label(record)}」`,
      },
    });
  return (
    <List title="充值档位" createButtonProps={{ children: '新建档位' }}>
      <Form
        {...searchFormProps}
        name="recharge-pack-filter"
        layout="inline"
        style={{ marginBottom: 16 }}
        aria-label="筛选充值档位"
      >
        <Form.Item label="状态" name="published">
          <Select
            allowClear
            placeholder="全部"
            style={{ width: 120 }}
            options={[
              { value: 'true', label: '已上架' },
              { value: 'false', label: '未上架' },
            ]}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          筛选
        </Button>
      </Form>
      <QueryTable<AdminRechargePack>
        {...tableProps}
        query={tableQuery}
        rowKey="id"
        emptyText="还没有充值档位，点「新建档位」添加"
      >
        <Table.Column<AdminRechargePack>
          dataIndex="sort"
          title="排序"
          sorter
          defaultSortOrder={getDefaultSortOrder('sort', sorters)}
          width={90}
        />
        <Table.Column<AdminRechargePack>
          dataIndex="id"
          title="编号"
          sorter
          defaultSortOrder={getDefaultSortOrder('id', sorters)}
          width={90}
        />
        <Table.Column<AdminRechargePack>
          dataIndex="price"
          title="价格"
          sorter
          defaultSortOrder={getDefaultSortOrder('price', sorters)}
          render={(fen: number) => yuan(fen)}
        />
        <Table.Column<AdminRechargePack> dataIndex="diamonds" title="到账钻石" />
        <Table.Column<AdminRechargePack> dataIndex="bonus" title="赠送钻石" />
        <Table.Column<AdminRechargePack>
          dataIndex="tag"
          title="角标"
          render={(tag: string | null) => (tag ? <Tag color="processing">{tag}</Tag> : '—')}
        />
        <Table.Column<AdminRechargePack>
          dataIndex="published"
          title="状态"
          width={90}
          render={(published: boolean) => (published ? <Tag color="success">已上架</Tag> : <Tag>未上架</Tag>)}
        />
        <Table.Column<AdminRechargePack>
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
                onClick={() => publish(record, !record.published)}
              >
                {record.published ? '下架' : '上架'}
              </Button>
            </Space>
          )}
        />
      </QueryTable>
    </List>
  );
}
