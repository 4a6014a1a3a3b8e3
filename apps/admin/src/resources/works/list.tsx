import type { AdminWork, WorkCategory } from '@ld/contract/admin/works';
import { EditButton, getDefaultSortOrder, List, useTable } from '@refinedev/antd';
import { type CrudFilters, useCustom } from '@refinedev/core';
import { Button, Form, Image, Input, Select, Space, Table } from 'antd';
import type { ReactNode } from 'react';
import {
  PUBLISH_WORDS,
  PublishButton,
  PublishedFilter,
  PublishedTag,
  usePublishToggle,
} from '../../shared/publish-actions';
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
  const publish = usePublishToggle<AdminWork>({
    resource,
    name: (w) => w.title,
    words: PUBLISH_WORDS.draft,
    notice: (w, published) => (published ? `已发布「${w.title}」，门户即刻可见` : `已下线「${w.title}」`),
    failNotice: true,
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
        <PublishedFilter words={PUBLISH_WORDS.draft} />
        <Button type="primary" htmlType="submit">
          筛选
        </Button>
      </Form>
      <QueryTable<AdminWork>
        {...tableProps}
        query={tableQuery}
        rowKey="id"
        emptyText={`还没有${words.name}，点「新建${words.name}」`}
        scroll={{ x: 1200 }}
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
          width={180}
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
          render={(published: boolean) => <PublishedTag published={published} words={PUBLISH_WORDS.draft} />}
        />
        <Table.Column<AdminWork>
          dataIndex="createTime"
          title="创建时间"
          sorter
          defaultSortOrder={getDefaultSortOrder('createTime', sorters)}
          render={formatTime}
          width={110}
        />
        <Table.Column<AdminWork>
          title="操作"
          width={260}
          // The table scrolls sideways below ~1,440 px wide; its actions stay in view.
          fixed="right"
          render={(_, work) => (
            <Space>
              <EditButton size="small" resource={resource} recordItemId={work.id}>
                编辑
              </EditButton>
              {rowActions?.(work)}
              <PublishButton
                record={work}
                action={publish}
                disabled={!work.published && work.unitCount === 0}
                title={!work.published && work.unitCount === 0 ? `还没有${words.units}，不能发布` : undefined}
              />
            </Space>
          )}
        />
      </QueryTable>
    </List>
  );
}
