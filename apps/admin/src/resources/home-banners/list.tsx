import type { AdminBanner } from '@ld/contract/admin/home';
import { DeleteButton, EditButton, getDefaultSortOrder, List } from '@refinedev/antd';
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

/** 首页横幅: the home's carousel, in its order (排序 ascending), with 发布/下线. */
export function BannerList() {
  const { tableProps, tableQuery, searchFormProps, sorters } = useOrderedSettingTable<AdminBanner>();
  const publish = usePublishToggle<AdminBanner>({
    resource: 'home-banners',
    name: (r) => r.alt,
    words: PUBLISH_WORDS.publish,
  });
  return (
    <List title="首页横幅" createButtonProps={{ children: '新建横幅' }}>
      <PublishedFilterForm
        formProps={searchFormProps}
        name="banner-filter"
        label="筛选首页横幅"
        words={PUBLISH_WORDS.publish}
      />
      <QueryTable<AdminBanner>
        {...tableProps}
        query={tableQuery}
        rowKey="id"
        emptyText="还没有横幅，点「新建横幅」添加"
      >
        <Table.Column<AdminBanner>
          dataIndex="sort"
          title="排序"
          sorter
          defaultSortOrder={getDefaultSortOrder('sort', sorters)}
          width={80}
        />
        <Table.Column<AdminBanner>
          dataIndex="image"
          title="图片"
          width={140}
          render={(image: string, record) => (
            <img
              src={image}
              alt={record.alt}
              width={115}
              height={43}
              style={{ objectFit: 'cover', borderRadius: 4 }}
            />
          )}
        />
        <Table.Column<AdminBanner> dataIndex="alt" title="图片说明" />
        <Table.Column<AdminBanner> dataIndex="link" title="跳转地址" />
        <Table.Column<AdminBanner>
          dataIndex="published"
          title="状态"
          width={90}
          render={(published: boolean) => (
            <PublishedTag published={published} words={PUBLISH_WORDS.publish} />
          )}
        />
        <Table.Column<AdminBanner>
          dataIndex="createTime"
          title="创建时间"
          sorter
          defaultSortOrder={getDefaultSortOrder('createTime', sorters)}
          render={formatTime}
          width={180}
        />
        <Table.Column<AdminBanner>
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
                confirmTitle={`确定删除「${record.alt}」吗？`}
                confirmOkText="删除"
                confirmCancelText="取消"
                successNotification={{ type: 'success', message: `已删除「${record.alt}」` }}
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
