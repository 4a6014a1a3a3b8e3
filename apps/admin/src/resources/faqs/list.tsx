import type { AdminFaq } from '@ld/contract/admin/faqs';
import { DeleteButton, EditButton, getDefaultSortOrder, List, useTable } from '@refinedev/antd';
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

interface Search {
  question?: string;
  published?: 'true' | 'false';
}

/** 常见问题: the FAQ page's entries, in its order (排序 ascending), with 发布/下线. */
export function FaqList() {
  const { tableProps, tableQuery, searchFormProps, sorters } = useTable<
    AdminFaq,
    { message: string; statusCode: number },
    Search
  >({
    sorters: { initial: [{ field: 'sort', order: 'asc' }] },
    onSearch: (values): CrudFilters => [
      { field: 'question', operator: 'contains', value: values.question?.trim() || undefined },
      { field: 'published', operator: 'eq', value: values.published },
    ],
  });
  const publish = usePublishToggle<AdminFaq>({
    resource: 'faqs',
    name: (r) => r.question,
    words: PUBLISH_WORDS.publish,
  });
  return (
    <List title="常见问题" createButtonProps={{ children: '新建问题' }}>
      <Form
        {...searchFormProps}
        name="faq-filter"
        layout="inline"
        style={{ marginBottom: 16 }}
        aria-label="筛选常见问题"
      >
        <Form.Item label="问题" name="question">
          <Input allowClear placeholder="问题包含的文字" />
        </Form.Item>
        <PublishedFilter words={PUBLISH_WORDS.publish} />
        <Button type="primary" htmlType="submit">
          筛选
        </Button>
      </Form>
      <QueryTable<AdminFaq>
        {...tableProps}
        query={tableQuery}
        rowKey="id"
        emptyText="还没有常见问题，点「新建问题」添加"
      >
        <Table.Column<AdminFaq>
          dataIndex="sort"
          title="排序"
          sorter
          defaultSortOrder={getDefaultSortOrder('sort', sorters)}
          width={80}
        />
        <Table.Column<AdminFaq> dataIndex="question" title="问题" />
        <Table.Column<AdminFaq>
          dataIndex="published"
          title="状态"
          width={90}
          render={(published: boolean) => (
            <PublishedTag published={published} words={PUBLISH_WORDS.publish} />
          )}
        />
        <Table.Column<AdminFaq>
          title="操作"
          width={230}
          render={(_, record) => (
            <Space>
              <EditButton size="small" recordItemId={record.id}>
                编辑
              </EditButton>
              <PublishButton record={record} action={publish} />
              <DeleteButton
                size="small"
                recordItemId={record.id}
                confirmTitle={`确定删除「${record.question}」吗？`}
                confirmOkText="删除"
                confirmCancelText="取消"
                successNotification={{ type: 'success', message: `已删除「${record.question}」` }}
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
