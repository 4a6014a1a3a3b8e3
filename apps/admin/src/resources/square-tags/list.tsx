import type { AdminSquareTag } from '@ld/contract/admin/square-tags';
import { EditButton, getDefaultSortOrder, List } from '@refinedev/antd';
import { Space, Table } from 'antd';
import {
  PUBLISH_WORDS,
  PublishButton,
  PublishedFilterForm,
  PublishedTag,
  useOrderedSettingTable,
  usePublishToggle,
} from '../../shared/publish-actions';
import { QueryTable } from '../../shared/query-table';
import { formatTime } from '../../shared/time';

/** 话题: the square's tags, in the order it lists them (排序 ascending), with 启用/停用. */
export function SquareTagList() {
  const { tableProps, tableQuery, searchFormProps, sorters } = useOrderedSettingTable<AdminSquareTag>();
  const toggle = usePublishToggle<AdminSquareTag>({
    resource: 'square-tags',
    name: (r) => r.name,
    words: PUBLISH_WORDS.use,
  });
  return (
    <List title="广场话题" createButtonProps={{ children: '新建话题' }}>
      <PublishedFilterForm
        formProps={searchFormProps}
        name="square-tag-filter"
        label="筛选话题"
        words={PUBLISH_WORDS.use}
      />
      <QueryTable<AdminSquareTag>
        {...tableProps}
        query={tableQuery}
        rowKey="id"
        emptyText="还没有话题，点「新建话题」添加"
      >
        <Table.Column<AdminSquareTag>
          dataIndex="sort"
          title="排序"
          sorter
          defaultSortOrder={getDefaultSortOrder('sort', sorters)}
          width={80}
        />
        <Table.Column<AdminSquareTag>
          dataIndex="id"
          title="编号"
          sorter
          defaultSortOrder={getDefaultSortOrder('id', sorters)}
          width={90}
        />
        <Table.Column<AdminSquareTag>
          dataIndex="name"
          title="话题"
          sorter
          defaultSortOrder={getDefaultSortOrder('name', sorters)}
        />
        <Table.Column<AdminSquareTag>
          dataIndex="published"
          title="状态"
          width={90}
          render={(published: boolean) => <PublishedTag published={published} words={PUBLISH_WORDS.use} />}
        />
        <Table.Column<AdminSquareTag>
          dataIndex="createTime"
          title="创建时间"
          render={formatTime}
          width={180}
        />
        <Table.Column<AdminSquareTag>
          title="操作"
          width={170}
          render={(_, record) => (
            <Space>
              <EditButton size="small" recordItemId={record.id}>
                编辑
              </EditButton>
              <PublishButton record={record} action={toggle} />
            </Space>
          )}
        />
      </QueryTable>
    </List>
  );
}
