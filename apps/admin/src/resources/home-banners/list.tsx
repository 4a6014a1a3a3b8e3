import type { AdminBanner } from '@ld/contract/admin/home';
import { DeleteButton, EditButton, getDefaultSortOrder, List, useTable } from '@refinedev/antd';
import { type CrudFilters, useUpdate } from '@refinedev/core';
import { Button, Form, Select, Space, Table, Tag } from 'antd';
import { QueryTable } from '../../shared/query-table';
import { formatTime } from '../../shared/time';

interface Search {
  published?: 'true' | 'false';
}

/** 首页横幅: the home's carousel, in its order (排序 ascending), with 发布/下线. */
export function BannerList() {
  const { tableProps, tableQuery, searchFormProps, sorters } = useTable<
    AdminBanner,
    { message: string; statusCode: number },
    Search
  >({
    sorters: { initial: [{ field: 'sort', order: 'asc' }] },
    onSearch: (values): CrudFilters => [{ field: 'published', operator: 'eq', value: values.published }],
  });
  const { mutate: update, mutation } = useUpdate<AdminBanner>();
  const publish = (record: AdminBanner, published: boolean) =>
    update({
      resource: 'home-banners',
      id: record.id,
      values: { published },
      successNotification: {
        type: 'success',
        message: published ? `已发布「${record.alt}」` : `已下线「${record.alt}」`,
      },
    });
  return (
    <List title="首页横幅" createButtonProps={{ children: '新建横幅' }}>
      <Form
        {...searchFormProps}
        name="banner-filter"
        layout="inline"
        style={{ marginBottom: 16 }}
        aria-label="筛选首页横幅"
      >
        <Form.Item label="状态" name="published">
          <Select
            allowClear
            placeholder="全部"
            style={{ width: 120 }}
            options={[
              { value: 'true', label: '已发布' },
              { value: 'false', label: '未发布' },
            ]}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          筛选
        </Button>
      </Form>
      <QueryTable<AdminBanner>
        {...tableProps}
        query={tableQuery}
        rowKey="id"
        emptyText="还没有横幅，点「新建横幅」添加"
      >
        <Table.Column<AdminBanner>
          dataIndex="sort"
          title="排序"
          sorter
          defaultSortOrder={getDefaultSortOrder('sort', sorters)}
          width={80}
        />
        <Table.Column<AdminBanner>
          dataIndex="image"
          title="图片"
          width={140}
          render={(image: string, record) => (
            <img
              src={image}
              alt={record.alt}
              width={115}
              height={43}
              style={{ objectFit: 'cover', borderRadius: 4 }}
            />
          )}
        />
        <Table.Column<AdminBanner> dataIndex="alt" title="图片说明" />
        <Table.Column<AdminBanner> dataIndex="link" title="跳转地址" />
        <Table.Column<AdminBanner>
          dataIndex="published"
          title="状态"
          width={90}
          render={(published: boolean) => (published ? <Tag color="success">已发布</Tag> : <Tag>未发布</Tag>)}
        />
        <Table.Column<AdminBanner>
          dataIndex="createTime"
          title="创建时间"
          sorter
          defaultSortOrder={getDefaultSortOrder('createTime', sorters)}
          render={formatTime}
          width={180}
        />
        <Table.Column<AdminBanner>
          title="操作"
          width={230}
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
                {record.published ? '下线' : '发布'}
              </Button>
              <DeleteButton
                size="small"
                recordItemId={record.id}
                confirmTitle={`确定删除「${record.alt}」吗？`}
                confirmOkText="删除"
                confirmCancelText="取消"
                successNotification={{ type: 'success', message: `已删除「${record.alt}」` }}
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
