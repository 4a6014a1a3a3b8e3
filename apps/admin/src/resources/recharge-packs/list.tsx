import type { AdminRechargePack } from '@ld/contract/admin/recharge-packs';
import { EditButton, getDefaultSortOrder, List } from '@refinedev/antd';
import { Space, Table, Tag } from 'antd';
import {
  PUBLISH_WORDS,
  PublishButton,
  PublishedFilterForm,
  PublishedTag,
  useOrderedSettingTable,
  usePublishToggle,
} from '../../shared/publish-actions';
import { QueryTable } from '../../shared/query-table';
import { yuan } from './fields';

/** 充值档位: what the recharge page offers, in its order (排序 ascending), with 上架/下架. */
export function RechargePackList() {
  const { tableProps, tableQuery, searchFormProps, sorters } = useOrderedSettingTable<AdminRechargePack>();
  const label = (p: AdminRechargePack) => `${yuan(p.price)} / ${p.diamonds} 钻石`;
  const publish = usePublishToggle<AdminRechargePack>({
    resource: 'recharge-packs',
    name: label,
    words: PUBLISH_WORDS.sale,
  });
  return (
    <List title="充值档位" createButtonProps={{ children: '新建档位' }}>
      <PublishedFilterForm
        formProps={searchFormProps}
        name="recharge-pack-filter"
        label="筛选充值档位"
        words={PUBLISH_WORDS.sale}
      />
      <QueryTable<AdminRechargePack>
        {...tableProps}
        query={tableQuery}
        rowKey="id"
        emptyText="还没有充值档位，点「新建档位」添加"
      >
        <Table.Column<AdminRechargePack>
          dataIndex="sort"
          title="排序"
          sorter
          defaultSortOrder={getDefaultSortOrder('sort', sorters)}
          width={90}
        />
        <Table.Column<AdminRechargePack>
          dataIndex="id"
          title="编号"
          sorter
          defaultSortOrder={getDefaultSortOrder('id', sorters)}
          width={90}
        />
        <Table.Column<AdminRechargePack>
          dataIndex="price"
          title="价格"
          sorter
          defaultSortOrder={getDefaultSortOrder('price', sorters)}
          render={(fen: number) => yuan(fen)}
        />
        <Table.Column<AdminRechargePack> dataIndex="diamonds" title="到账钻石" />
        <Table.Column<AdminRechargePack> dataIndex="bonus" title="赠送钻石" />
        <Table.Column<AdminRechargePack>
          dataIndex="tag"
          title="角标"
          render={(tag: string | null) => (tag ? <Tag color="processing">{tag}</Tag> : '—')}
        />
        <Table.Column<AdminRechargePack>
          dataIndex="published"
          title="状态"
          width={90}
          render={(published: boolean) => <PublishedTag published={published} words={PUBLISH_WORDS.sale} />}
        />
        <Table.Column<AdminRechargePack>
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
