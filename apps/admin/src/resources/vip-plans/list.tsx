import { type AdminVipPlan, VIP_BADGE_TEXT } from '@ld/contract/admin/vip-plans';
import { EditButton, getDefaultSortOrder, List } from '@refinedev/antd';
import { Space, Table, Typography } from 'antd';
import {
  PUBLISH_WORDS,
  PublishButton,
  PublishedFilterForm,
  PublishedTag,
  useOrderedSettingTable,
  usePublishToggle,
} from '../../shared/publish-actions';
import { QueryTable } from '../../shared/query-table';

/** 会员套餐: what the membership page offers, in its order (排序 ascending), with 上架/下架. */
export function VipPlanList() {
  const { tableProps, tableQuery, searchFormProps, sorters } = useOrderedSettingTable<AdminVipPlan>();
  const publish = usePublishToggle<AdminVipPlan>({
    resource: 'vip-plans',
    name: (r) => r.name,
    words: PUBLISH_WORDS.sale,
  });
  return (
    <List title="会员套餐" createButtonProps={{ children: '新建套餐' }}>
      <PublishedFilterForm
        formProps={searchFormProps}
        name="vip-plan-filter"
        label="筛选会员套餐"
        words={PUBLISH_WORDS.sale}
      />
      <QueryTable<AdminVipPlan>
        {...tableProps}
        query={tableQuery}
        rowKey="id"
        emptyText="还没有会员套餐，点「新建套餐」添加"
      >
        <Table.Column<AdminVipPlan>
          dataIndex="sort"
          title="排序"
          sorter
          defaultSortOrder={getDefaultSortOrder('sort', sorters)}
          width={90}
        />
        <Table.Column<AdminVipPlan>
          dataIndex="id"
          title="编号"
          sorter
          defaultSortOrder={getDefaultSortOrder('id', sorters)}
          width={90}
        />
        <Table.Column<AdminVipPlan> dataIndex="name" title="名称" />
        <Table.Column<AdminVipPlan> dataIndex="days" title="天数" width={90} />
        <Table.Column<AdminVipPlan>
          dataIndex="price"
          title="价格（钻石）"
          sorter
          defaultSortOrder={getDefaultSortOrder('price', sorters)}
          render={(price: number, record) =>
            record.originalPrice > price ? (
              <Space size={4}>
                {price}
                <Typography.Text delete type="secondary">
                  {record.originalPrice}
                </Typography.Text>
              </Space>
            ) : (
              price
            )
          }
        />
        <Table.Column<AdminVipPlan>
          dataIndex="badge"
          title="徽章"
          render={(badge: AdminVipPlan['badge']) => VIP_BADGE_TEXT[badge]}
        />
        <Table.Column<AdminVipPlan>
          dataIndex="published"
          title="状态"
          width={90}
          render={(published: boolean) => <PublishedTag published={published} words={PUBLISH_WORDS.sale} />}
        />
        <Table.Column<AdminVipPlan>
          title="操作"
          width={170}
          render={(_, record) => (
            <Space>
              <EditButton size="small" recordItemId={record.id}>
                编辑
              </EditButton>
              <PublishButton record={record} action={publish} />
            </Space>
          )}
        />
      </QueryTable>
    </List>
  );
}
