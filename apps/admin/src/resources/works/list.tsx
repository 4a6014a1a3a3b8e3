import type { AdminWork, WorkCategory } from '@ld/contract/admin/works';
import { EditButton, getDefaultSortOrder, List, useTable } from '@refinedev/antd';
import { type CrudFilters, useCustom, useUpdate } from '@refinedev/core';
import { Button, Form, Image, Input, Select, Space, Table, Tag } from 'antd';
import type { ReactNode } from 'react';
import { QueryTable } from '../../shared/query-table';
import { formatTime } from '../../shared/time';
import { WORK_WORDS, type WorkResource } from './words';

interface Search {
  title?: string;
  categoryId?: number;
  published?: 'true' | 'false';
}

/** 小说 / 漫画 list: drafts and published works, paged, sorted and filtered by the server. */
export function WorkList({
  resource,
  rowActions,
}: {
  resource: WorkResource;
  rowActions?: (work: AdminWork) => ReactNode;
}) {
  const words = WORK_WORDS[resource];
  const { tableProps, tableQuery, searchFormProps, sorters } = useTable<
    AdminWork,
    { message: string; statusCode: number },
    Search
  >({
    resource,
    sorters: { initial: [{ field: 'id', order: 'desc' }] },
    onSearch: (values): CrudFilters => [
      { field: 'title', operator: 'contains', value: values.title?.trim() || undefined },
      { field: 'categoryId', operator: 'eq', value: values.categoryId },
      { field: 'published', operator: 'eq', value: values.published },
    ],
  });
  const categories = useCustom<WorkCategory[]>({ url: `/${resource}/categories`, method: 'get' });
  const { mutate: update, mutation } = useUpdate<AdminWork>();
  const publish = (work: AdminWork, published: boolean) =>
    update({
      resource,
      id: work.id,
      values: { published },
      successNotification: {
        type: 'success',
        message: published ? `已发布「${work.title}」，门户即刻可见` : `已下线「${work.title}」`,
      },
      errorNotification: (error) => ({
        type: 'error',
        message: published ? '发布失败' : '下线失败',
        description: error?.message,
      }),
    });
  return (
    <List title={words.name} createButtonProps={{ children: `新建${words.name}` }}>
      <Form
        {...searchFormProps}
        name={`${resource}-filter`}
        layout="inline"
        style={{ marginBottom: 16 }}
        aria-label={`筛选${words.name}`}
      >
        <Form.Item label="标题" name="title">
          <Input allowClear placeholder="标题包含的文字" />
        </Form.Item>
        <Form.Item label="分类" name="categoryId">
          <Select
            allowClear
            placeholder="全部"
            style={{ width: 140 }}
            options={(categories.query.data?.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
          />
        </Form.Item>
        <Form.Item label="状态" name="published">
          <Select
            allowClear
            placeholder="全部"
            style={{ width: 120 }}
            options={[
              { value: 'true', label: '已发布' },
              { value: 'false', label: '草稿' },
            ]}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          筛选
        </Button>
      </Form>
      <QueryTable<AdminWork>
        {...tableProps}
        query={tableQuery}
        rowKey="id"
        emptyText={`还没有${words.name}，点「新建${words.name}」`}
      >
        <Table.Column<AdminWork>
          dataIndex="cover"
          title="封面"
          width={70}
          render={(cover: string, work) => (
            <Image src={cover} alt={`${work.title}的封面`} width={45} height={60} preview={false} />
          )}
        />
        <Table.Column<AdminWork>
          dataIndex="id"
          title="编号"
          sorter
          defaultSortOrder={getDefaultSortOrder('id', sorters)}
          width={90}
        />
        <Table.Column<AdminWork>
          dataIndex="title"
          title="标题"
          sorter
          defaultSortOrder={getDefaultSortOrder('title', sorters)}
        />
        <Table.Column<AdminWork> dataIndex="author" title="作者" width={120} />
        <Table.Column<AdminWork> dataIndex="categoryName" title="分类" width={90} />
        <Table.Column<AdminWork>
          dataIndex="unitCount"
          title={`${words.units}数`}
          sorter
          defaultSortOrder={getDefaultSortOrder('unitCount', sorters)}
          width={110}
        />
        <Table.Column<AdminWork>
          dataIndex="status"
          title="连载"
          width={80}
          render={(status: number) => (status === 1 ? '完结' : '连载')}
        />
        <Table.Column<AdminWork>
          dataIndex="published"
          title="状态"
          width={90}
          render={(published: boolean) => (published ? <Tag color="success">已发布</Tag> : <Tag>草稿</Tag>)}
        />
        <Table.Column<AdminWork>
          dataIndex="createTime"
          title="创建时间"
          sorter
          defaultSortOrder={getDefaultSortOrder('createTime', sorters)}
          render={formatTime}
          width={170}
        />
        <Table.Column<AdminWork>
          title="操作"
          width={260}
          render={(_, work) => (
            <Space>
              <EditButton size="small" resource={resource} recordItemId={work.id}>
                编辑
              </EditButton>
              {rowActions?.(work)}
              <Button
                size="small"
                loading={mutation.isPending && mutation.variables?.id === work.id}
                disabled={!work.published && work.unitCount === 0}
                title={!work.published && work.unitCount === 0 ? `还没有${words.units}，不能发布` : undefined}
                onClick={() => publish(work, !work.published)}
              >
                {work.published ? '下线' : '发布'}
              </Button>
            </Space>
          )}
        />
      </QueryTable>
    </List>
  );
}
