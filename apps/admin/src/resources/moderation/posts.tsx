import type { ModPost } from '@ld/contract/admin/moderation';
import { getDefaultSortOrder, List, useTable } from '@refinedev/antd';
import { Form, Table, Tag, Typography } from 'antd';
import { QueryTable } from '../../shared/query-table';
import { formatTime } from '../../shared/time';
import { ModFilterItems, type ModSearch, modFilters } from './filters';
import { ModRowButtons, ModStateTag, useModerationAction } from './row-actions';

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
  const act = useModerationAction<ModPost>({
    noun: '帖子',
    url: (r, verb) => `/moderation/posts/${r.id}/${verb}`,
    refetch: tableQuery.refetch,
  });
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
          render={(deleted: boolean) => <ModStateTag deleted={deleted} />}
        />
        <Table.Column<ModPost>
          title="操作"
          width={100}
          render={(_, record) => (
            <ModRowButtons
              deleted={record.deleted}
              deleteQuestion={`删除帖子 #${record.id}？它会立即从广场消失。`}
              restoreQuestion={`恢复帖子 #${record.id}？`}
              onAct={(verb) => act(record, verb)}
            />
          )}
        />
      </QueryTable>
    </List>
  );
}
