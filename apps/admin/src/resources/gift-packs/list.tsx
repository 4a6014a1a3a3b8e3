import type { AdminGiftPack } from '@ld/contract/admin/gift-packs';
import { DeleteButton, EditButton, getDefaultSortOrder, List, useTable } from '@refinedev/antd';
import { type CrudFilters, useInvalidate } from '@refinedev/core';
import { Button, Form, Input, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { QueryTable } from '../../shared/query-table';
import { formatTime } from '../../shared/time';
import { GameSelect } from './fields';
import { ImportCodesModal } from './import-codes';

interface Search {
  gameId?: number;
  title?: string;
}

const STATUS_TEXT: Record<AdminGiftPack['status'], string> = {
  open: '领取中',
  upcoming: '未开始',
  soldOut: '已领完',
  ended: '已结束',
};
const STATUS_COLORS: Record<AdminGiftPack['status'], string> = {
  open: 'success',
  upcoming: 'processing',
  soldOut: 'warning',
  ended: 'default',
};

/** 礼包: every game's packs with their window and stock; codes are imported from the row. */
export function GiftPackList() {
  const { tableProps, tableQuery, searchFormProps, sorters } = useTable<
    AdminGiftPack,
    { message: string; statusCode: number },
    Search
  >({
    sorters: { initial: [{ field: 'id', order: 'desc' }] },
    onSearch: (values): CrudFilters => [
      { field: 'gameId', operator: 'eq', value: values.gameId },
      { field: 'title', operator: 'contains', value: values.title?.trim() || undefined },
    ],
  });
  const invalidate = useInvalidate();
  const [importing, setImporting] = useState<AdminGiftPack | null>(null);
  return (
    <List title="礼包" createButtonProps={{ children: '新建礼包' }}>
      <Form
        {...searchFormProps}
        name="gift-pack-filter"
        layout="inline"
        style={{ marginBottom: 16 }}
        aria-label="筛选礼包"
      >
        <Form.Item label="游戏" name="gameId">
          <GameSelect />
        </Form.Item>
        <Form.Item label="名称" name="title">
          <Input allowClear placeholder="礼包名称包含的文字" />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          筛选
        </Button>
      </Form>
      <QueryTable<AdminGiftPack>
        {...tableProps}
        query={tableQuery}
        rowKey="id"
        scroll={{ x: 1240 }}
        emptyText="还没有礼包，点「新建礼包」添加"
      >
        <Table.Column<AdminGiftPack>
          dataIndex="id"
          title="编号"
          sorter
          defaultSortOrder={getDefaultSortOrder('id', sorters)}
          width={80}
        />
        <Table.Column<AdminGiftPack> dataIndex="gameName" title="游戏" width={130} />
        <Table.Column<AdminGiftPack>
          dataIndex="title"
          title="名称"
          sorter
          defaultSortOrder={getDefaultSortOrder('title', sorters)}
        />
        <Table.Column<AdminGiftPack> dataIndex="content" title="内容" ellipsis />
        <Table.Column<AdminGiftPack>
          dataIndex="startTime"
          title="开始时间"
          sorter
          defaultSortOrder={getDefaultSortOrder('startTime', sorters)}
          render={formatTime}
          width={120}
        />
        <Table.Column<AdminGiftPack>
          dataIndex="endTime"
          title="结束时间"
          sorter
          defaultSortOrder={getDefaultSortOrder('endTime', sorters)}
          render={formatTime}
          width={120}
        />
        <Table.Column<AdminGiftPack>
          dataIndex="remaining"
          title="库存"
          width={100}
          render={(remaining: number, record) => (
            <span style={{ whiteSpace: 'nowrap' }}>{`${remaining} / ${record.total}`}</span>
          )}
        />
        <Table.Column<AdminGiftPack>
          dataIndex="status"
          title="状态"
          width={90}
          render={(status: AdminGiftPack['status']) => (
            <Tag color={STATUS_COLORS[status]}>{STATUS_TEXT[status]}</Tag>
          )}
        />
        <Table.Column<AdminGiftPack>
          title="操作"
          width={260}
          // The table scrolls sideways below ~1,440 px wide; its actions stay in view.
          fixed="right"
          render={(_, record) => (
            <Space size={4}>
              <Button size="small" onClick={() => setImporting(record)}>
                导入兑换码
              </Button>
              <EditButton size="small" recordItemId={record.id}>
                编辑
              </EditButton>
              <DeleteButton
                size="small"
                recordItemId={record.id}
                confirmTitle={`确定删除「${record.title}」吗？`}
                confirmOkText="删除"
                confirmCancelText="取消"
                successNotification={{ type: 'success', message: `已删除「${record.title}」` }}
              >
                删除
              </DeleteButton>
            </Space>
          )}
        />
      </QueryTable>
      <ImportCodesModal
        pack={importing}
        onClose={() => setImporting(null)}
        onImported={() => void invalidate({ resource: 'gift-packs', invalidates: ['list'] })}
      />
    </List>
  );
}
