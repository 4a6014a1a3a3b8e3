import { type AdminHomeSection, SECTION_TITLE_MAX } from '@ld/contract/admin/home';
import { SEARCH_KIND_TEXT } from '@ld/contract/home-values';
import { EditButton, List, useTable } from '@refinedev/antd';
import { Space, Table, Typography } from 'antd';
import { PUBLISH_WORDS, PublishButton, PublishedTag, usePublishToggle } from '../../shared/publish-actions';
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
  const show = usePublishToggle<AdminHomeSection>({
    resource: 'home-sections',
    name: (r) => r.title,
    words: PUBLISH_WORDS.show,
    id: (r) => r.kind,
    notice: (r, published) => `首页已${published ? '显示' : '隐藏'}「${r.title}」`,
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
          render={(published: boolean) => <PublishedTag published={published} words={PUBLISH_WORDS.show} />}
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
              <PublishButton record={record} action={show} />
            </Space>
          )}
        />
      </QueryTable>
    </List>
  );
}
