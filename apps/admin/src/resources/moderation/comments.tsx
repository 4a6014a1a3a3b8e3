import type { ModComment } from '@ld/contract/admin/moderation';
import { getDefaultSortOrder, List, useTable } from '@refinedev/antd';
import { useCustomMutation } from '@refinedev/core';
import { Button, Form, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { QueryTable } from '../../shared/query-table';
import { formatTime } from '../../shared/time';
import { ModFilterItems, type ModSearch, modFilters } from './filters';

/** 评论审核: comments on the square's posts, live and deleted (a top-level one goes with its replies); a moderator deletes or restores them. */
export function CommentModerationList() {
  const { tableProps, tableQuery, searchFormProps, sorters } = useTable<
    ModComment,
    { message: string; statusCode: number },
    ModSearch
  >({
    resource: 'moderation-comments',
    meta: { path: 'moderation/comments' },
    sorters: { initial: [{ field: 'createTime', order: 'desc' }] },
    onSearch: modFilters,
  });
  const action = useCustomMutation();
  const act = (record: ModComment, verb: 'delete' | 'restore') =>
    action.mutate(
      {
        url: `/moderation/comments/${record.id}/${verb}?source=${record.source}`,
        method: 'post',
        values: {},
        successNotification: {
          type: 'success',
          message: verb === 'delete' ? `已删除评论 #${record.id}` : `已恢复评论 #${record.id}`,
        },
      },
      { onSuccess: () => void tableQuery.refetch() },
    );
  return (
    <List title="评论审核">
      <Form
        {...searchFormProps}
        name="comment-moderation-filter"
        layout="inline"
        style={{ marginBottom: 16, rowGap: 8 }}
        aria-label="搜索评论"
      >
        <ModFilterItems withPost withSource />
      </Form>
      <QueryTable<ModComment> {...tableProps} query={tableQuery} rowKey="id" emptyText="没有符合条件的评论">
        <Table.Column<ModComment>
          dataIndex="id"
          title="编号"
          sorter
          defaultSortOrder={getDefaultSortOrder('id', sorters)}
          width={80}
        />
        <Table.Column<ModComment>
          title="作者"
          width={140}
          render={(_, r) => (
            <span>
              {r.authorName}
              <Typography.Text type="secondary"> #{r.userId}</Typography.Text>
            </span>
          )}
        />
        <Table.Column<ModComment>
          title="位置"
          width={200}
          render={(_, r) => (
            <Typography.Text ellipsis={{ tooltip: r.place }} style={{ maxWidth: 190 }}>
              {r.place}
            </Typography.Text>
          )}
        />
        <Table.Column<ModComment>
          dataIndex="content"
          title="内容"
          render={(content: string, r) => (
            <Typography.Paragraph ellipsis={{ rows: 2, tooltip: content }} style={{ marginBottom: 0 }}>
              {content}
              {r.rootId !== null ? <Tag style={{ marginLeft: 8 }}>回复</Tag> : null}
            </Typography.Paragraph>
          )}
        />
        <Table.Column<ModComment>
          title="赞 / 回复"
          width={90}
          render={(_, r) => `${r.likeCount} / ${r.replyCount}`}
        />
        <Table.Column<ModComment>
          dataIndex="createTime"
          title="发布时间"
          sorter
          defaultSortOrder={getDefaultSortOrder('createTime', sorters)}
          render={formatTime}
          width={170}
        />
        <Table.Column<ModComment>
          dataIndex="deleted"
          title="状态"
          width={90}
          render={(deleted: boolean) =>
            deleted ? <Tag color="error">已删除</Tag> : <Tag color="success">正常</Tag>
          }
        />
        <Table.Column<ModComment>
          title="操作"
          width={100}
          render={(_, record) => (
            <Space>
              {record.deleted ? (
                <Popconfirm
                  title={`恢复评论 #${record.id}？与它一起删除的回复也会恢复。`}
                  okText="恢复"
                  cancelText="取消"
                  onConfirm={() => act(record, 'restore')}
                >
                  <Button size="small">恢复</Button>
                </Popconfirm>
              ) : (
                <Popconfirm
                  title={
                    record.rootId === null
                      ? `删除评论 #${record.id}？它的回复会一起删除。`
                      : `删除回复 #${record.id}？`
                  }
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
