import type { ModComment } from '@ld/contract/admin/moderation';
import { getDefaultSortOrder, List, useTable } from '@refinedev/antd';
import { Form, Table, Tag, Typography } from 'antd';
import { QueryTable } from '../../shared/query-table';
import { formatTime } from '../../shared/time';
import { ModFilterItems, type ModSearch, modFilters } from './filters';
import { ModRowButtons, ModStateTag, useModerationAction } from './row-actions';

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
  const act = useModerationAction<ModComment>({
    noun: '评论',
    url: (r, verb) => `/moderation/comments/${r.id}/${verb}?source=${r.source}`,
    refetch: tableQuery.refetch,
  });
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
          render={(deleted: boolean) => <ModStateTag deleted={deleted} />}
        />
        <Table.Column<ModComment>
          title="操作"
          width={100}
          render={(_, record) => (
            <ModRowButtons
              deleted={record.deleted}
              deleteQuestion={
                record.rootId === null
                  ? `删除评论 #${record.id}？它的回复会一起删除。`
                  : `删除回复 #${record.id}？`
              }
              restoreQuestion={`恢复评论 #${record.id}？与它一起删除的回复也会恢复。`}
              onAct={(verb) => act(record, verb)}
            />
          )}
        />
      </QueryTable>
    </List>
  );
}
