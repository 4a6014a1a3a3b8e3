import type { ModPost } from '@ld/contract/admin/moderation';
import { getDefaultSortOrder, List, useTable } from '@refinedev/antd';
import { useCustomMutation } from '@refinedev/core';
import { Button, Form, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { QueryTable } from '../../shared/query-table';
import { formatTime } from '../../shared/time';
import { ModFilterItems, type ModSearch, modFilters } from './filters';

/** 帖子审核: the square's posts, live and deleted; a moderator deletes or restores them. */
export function PostModerationList() {
  const { tableProps, tableQuery, searchFormProps, sorters } = useTable<
    ModPost,
    { message: string; statusCode: number },
    ModSearch
  >({
    resource: 'moderation-posts',
    meta: { path: 'moderation/posts' },
    sorters: { initial: [{ field: 'createTime', order: 'desc' }] },
    onSearch: modFilters,
  });
  const action = useCustomMutation();
  const act = (record: ModPost, verb: 'delete' | 'restore') =>
    action.mutate(
      {
        url: `/moderation/posts/${record.id}/${verb}`,
        method: 'post',
        values: {},
        successNotification: {
          type: 'success',
          message: verb === 'delete' ? `已删除帖子 #${record.id}` : `已恢复帖子 #${record.id}`,
        },
      },
      { onSuccess: () => void tableQuery.refetch() },
    );
  return (
    <List title="帖子审核">
      <Form
        {...searchFormProps}
        name="post-moderation-filter"
        layout="inline"
        style={{ marginBottom: 16, rowGap: 8 }}
        aria-label="搜索帖子"
      >
        <ModFilterItems />
      </Form>
      <QueryTable<ModPost> {...tableProps} query={tableQuery} rowKey="id" emptyText="没有符合条件的帖子">
        <Table.Column<ModPost>
          dataIndex="id"
          title="编号"
          sorter
          defaultSortOrder={getDefaultSortOrder('id', sorters)}
          width={80}
        />
        <Table.Column<ModPost>
          title="作者"
          width={140}
          render={(_, r) => (
            <span>
              {r.authorName}
              <Typography.Text type="secondary"> #{r.userId}</Typography.Text>
            </span>
          )}
        />
        <Table.Column<ModPost> dataIndex="tag" title="话题" width={100} />
        <Table.Column<ModPost>
          dataIndex="content"
          title="内容"
          render={(content: string, r) => (
            <Typography.Paragraph ellipsis={{ rows: 2, tooltip: content }} style={{ marginBottom: 0 }}>
              {content}
              {r.images.length > 0 ? <Tag style={{ marginLeft: 8 }}>{r.images.length} 图</Tag> : null}
            </Typography.Paragraph>
          )}
        />
        <Table.Column<ModPost>
          title="赞 / 评"
          width={90}
          render={(_, r) => `${r.likeCount} / ${r.commentCount}`}
        />
        <Table.Column<ModPost>
          dataIndex="createTime"
          title="发布时间"
          sorter
          defaultSortOrder={getDefaultSortOrder('createTime', sorters)}
          render={formatTime}
          width={170}
        />
        <Table.Column<ModPost>
          dataIndex="deleted"
          title="状态"
          width={90}
          render={(deleted: boolean) =>
            deleted ? <Tag color="error">已删除</Tag> : <Tag color="success">正常</Tag>
          }
        />
        <Table.Column<ModPost>
          title="操作"
          width={100}
          render={(_, record) => (
            <Space>
              {record.deleted ? (
                <Popconfirm
                  title={`恢复帖子 #${record.id}？`}
                  okText="恢复"
                  cancelText="取消"
                  onConfirm={() => act(record, 'restore')}
                >
                  <Button size="small">恢复</Button>
                </Popconfirm>
              ) : (
                <Popconfirm
                  title={`删除帖子 #${record.id}？它会立即从广场消失。`}
                  okText="删除"
                  okButtonProps={{ danger: true }}
                  cancelText="取消"
                  onConfirm={() => act(record, 'delete')}
                >
                  <Button size="small" danger>
                    删除
                  </Button>
                </Popconfirm>
              )}
            </Space>
          )}
        />
      </QueryTable>
    </List>
  );
}
