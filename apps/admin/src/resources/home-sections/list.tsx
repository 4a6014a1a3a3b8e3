import { type AdminHomeSection, SECTION_TITLE_MAX } from '@ld/contract/admin/home';
import { SEARCH_KIND_TEXT } from '@ld/contract/home-values';
import { EditButton, List, useTable } from '@refinedev/antd';
import { useUpdate } from '@refinedev/core';
import { Button, Space, Table, Tag, Typography } from 'antd';
import { QueryTable } from '../../shared/query-table';
import { formatTime } from '../../shared/time';

/**
 * 首页栏目: the sections of hot items under the home's entry grid, in the home's order. Each can be
 * renamed, moved (排序) and shown or hidden; a section with nothing to show stays off the home.
 */
export function HomeSectionList() {
  const { tableProps, tableQuery } = useTable<AdminHomeSection>({
    pagination: { mode: 'off' },
    sorters: { mode: 'off' },
    syncWithLocation: false,
  });
  const { mutate: update, mutation } = useUpdate<AdminHomeSection>();
  const show = (record: AdminHomeSection, published: boolean) =>
    update({
      resource: 'home-sections',
      id: record.kind,
      values: { published },
      successNotification: {
        type: 'success',
        message: published ? `首页已显示「${record.title}」` : `首页已隐藏「${record.title}」`,
      },
    });
  return (
    <List title="首页栏目" canCreate={false}>
      <Typography.Paragraph type="secondary">
        首页快捷入口下方的热门内容栏目，按排序从小到大显示；标题最多 {SECTION_TITLE_MAX} 个字。
      </Typography.Paragraph>
      <QueryTable<AdminHomeSection> {...tableProps} query={tableQuery} rowKey="kind" emptyText="没有栏目">
        <Table.Column<AdminHomeSection> dataIndex="sort" title="排序" width={80} />
        <Table.Column<AdminHomeSection>
          dataIndex="kind"
          title="内容"
          width={100}
          render={(kind: AdminHomeSection['kind']) => SEARCH_KIND_TEXT[kind]}
        />
        <Table.Column<AdminHomeSection> dataIndex="title" title="栏目标题" />
        <Table.Column<AdminHomeSection>
          dataIndex="published"
          title="状态"
          width={90}
          render={(published: boolean) => (published ? <Tag color="success">显示</Tag> : <Tag>隐藏</Tag>)}
        />
        <Table.Column<AdminHomeSection>
          dataIndex="updateTime"
          title="更新时间"
          render={formatTime}
          width={180}
        />
        <Table.Column<AdminHomeSection>
          title="操作"
          width={170}
          render={(_, record) => (
            <Space>
              <EditButton size="small" recordItemId={record.kind}>
                编辑
              </EditButton>
              <Button
                size="small"
                loading={mutation.isPending && mutation.variables?.id === record.kind}
                onClick={() => show(record, !record.published)}
              >
                {record.published ? '隐藏' : '显示'}
              </Button>
            </Space>
          )}
        />
      </QueryTable>
    </List>
  );
}
