import { ACTIVITY_STATUS_TEXT, type ActivityStatus } from '@ld/contract/activities';
import type { AdminActivity } from '@ld/contract/admin/activities';
import { DeleteButton, EditButton, getDefaultSortOrder, List, useTable } from '@refinedev/antd';
import type { CrudFilters } from '@refinedev/core';
import { Button, Form, Input, Select, Space, Table, Tag } from 'antd';
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
  status?: ActivityStatus;
  published?: 'true' | 'false';
}

const STATUS_COLOR: Record<ActivityStatus, string> = {
  ongoing: 'success',
  upcoming: 'processing',
  ended: 'default',
};

/** 活动中心: every activity, newest first, filtered by title and by status (by its time window). */
export function ActivityList() {
  const { tableProps, tableQuery, searchFormProps, sorters } = useTable<
    AdminActivity,
    { message: string; statusCode: number },
    Search
  >({
    sorters: { initial: [{ field: 'id', order: 'desc' }] },
    onSearch: (values): CrudFilters => [
      { field: 'title', operator: 'contains', value: values.title?.trim() || undefined },
      { field: 'status', operator: 'eq', value: values.status },
      { field: 'published', operator: 'eq', value: values.published },
    ],
  });
  const publish = usePublishToggle<AdminActivity>({
    resource: 'activities',
    name: (r) => r.title,
    words: PUBLISH_WORDS.publish,
  });
  return (
    <List title="活动中心" createButtonProps={{ children: '新建活动' }}>
      <Form
        {...searchFormProps}
        name="activity-filter"
        layout="inline"
        style={{ marginBottom: 16 }}
        aria-label="筛选活动"
      >
        <Form.Item label="标题" name="title">
          <Input allowClear placeholder="标题包含的文字" />
        </Form.Item>
        <PublishedFilter words={PUBLISH_WORDS.publish} label="发布" />
        <Form.Item label="时间" name="status">
          <Select
            allowClear
            placeholder="全部"
            style={{ width: 120 }}
            options={(Object.keys(ACTIVITY_STATUS_TEXT) as ActivityStatus[]).map((s) => ({
              value: s,
              label: ACTIVITY_STATUS_TEXT[s],
            }))}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          筛选
        </Button>
      </Form>
      <QueryTable<AdminActivity>
        {...tableProps}
        query={tableQuery}
        rowKey="id"
        emptyText="还没有活动，点「新建活动」添加"
      >
        <Table.Column<AdminActivity>
          dataIndex="id"
          title="ID"
          width={60}
          sorter
          defaultSortOrder={getDefaultSortOrder('id', sorters)}
        />
        <Table.Column<AdminActivity>
          dataIndex="sort"
          title="排序"
          width={80}
          sorter
          defaultSortOrder={getDefaultSortOrder('sort', sorters)}
        />
        <Table.Column<AdminActivity> dataIndex="title" title="标题" width={150} />
        <Table.Column<AdminActivity>
          title="状态"
          width={140}
          render={(_, a) => (
            <Space size={4}>
              <PublishedTag published={a.published} words={PUBLISH_WORDS.publish} />
              <Tag color={STATUS_COLOR[a.status]}>{ACTIVITY_STATUS_TEXT[a.status]}</Tag>
            </Space>
          )}
        />
        <Table.Column<AdminActivity>
          dataIndex="start_at"
          title="开始时间"
          width={140}
          sorter
          defaultSortOrder={getDefaultSortOrder('start_at', sorters)}
          render={(_, a) => formatTime(a.startTime)}
        />
        <Table.Column<AdminActivity>
          dataIndex="end_at"
          title="结束时间"
          width={140}
          sorter
          defaultSortOrder={getDefaultSortOrder('end_at', sorters)}
          render={(_, a) => formatTime(a.endTime)}
        />
        <Table.Column<AdminActivity>
          title="任务 / 奖励"
          width={110}
          render={(_, a) => `${a.tasks.length} 个 / ${a.rewardTotal} 钻石`}
        />
        <Table.Column<AdminActivity>
          title="操作"
          width={200}
          render={(_, record) => (
            <Space>
              <EditButton size="small" recordItemId={record.id}>
                编辑
              </EditButton>
              <PublishButton record={record} action={publish} />
              <DeleteButton
                size="small"
                recordItemId={record.id}
                confirmTitle={`确定删除「${record.title}」及其任务吗？有用户参与过的活动不能删除，请下线。`}
                confirmOkText="删除"
                confirmCancelText="取消"
                successNotification={{ type: 'success', message: `已删除「${record.title}」` }}
                errorNotification={(error) => ({
                  type: 'error',
                  message: (error as { message?: string } | undefined)?.message ?? '删除失败',
                })}
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
