import type { AdminVipOrder } from '@ld/contract/admin/money';
import { getDefaultSortOrder, List, useTable } from '@refinedev/antd';
import type { CrudFilters } from '@refinedev/core';
import { Button, Form, Input, Table } from 'antd';
import type { Dayjs } from 'dayjs';
import { Link } from 'react-router';
import { DatePicker } from '../../shared/date-picker';
import { QueryTable } from '../../shared/query-table';
import { dayRangeFilter, formatTime } from '../../shared/time';

interface Search {
  user?: string;
  range?: [Dayjs | null, Dayjs | null] | null;
}

/** 会员订单: membership bought with diamonds (its payment is the ledger row 开通会员). */
export function VipOrderList() {
  const { tableProps, tableQuery, searchFormProps, sorters } = useTable<
    AdminVipOrder,
    { message: string; statusCode: number },
    Search
  >({
    sorters: { initial: [{ field: 'createTime', order: 'desc' }] },
    onSearch: (values): CrudFilters => [
      { field: 'user', operator: 'eq', value: values.user?.trim() || undefined },
      dayRangeFilter('createTime', values.range),
    ],
  });
  return (
    <List title="会员订单">
      <Form
        {...searchFormProps}
        name="vip-order-filter"
        layout="inline"
        style={{ marginBottom: 16, rowGap: 8 }}
        aria-label="筛选会员订单"
      >
        <Form.Item label="用户" name="user">
          <Input allowClear placeholder="用户 ID 或登录名" style={{ width: 170 }} />
        </Form.Item>
        <Form.Item label="开通时间" name="range">
          <DatePicker.RangePicker allowEmpty={[true, true]} />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          筛选
        </Button>
      </Form>
      <QueryTable<AdminVipOrder>
        {...tableProps}
        query={tableQuery}
        rowKey="id"
        emptyText="没有符合条件的会员订单"
      >
        <Table.Column<AdminVipOrder> dataIndex="id" title="编号" width={90} />
        <Table.Column<AdminVipOrder>
          title="用户"
          render={(_, o) => (
            <Link to={`/wallets/show/${o.uid}`}>
              {o.userName || '—'}（{o.uid}）
            </Link>
          )}
        />
        <Table.Column<AdminVipOrder>
          dataIndex="planName"
          title="套餐"
          render={(name: string) => name || '—'}
        />
        <Table.Column<AdminVipOrder> dataIndex="days" title="天数" />
        <Table.Column<AdminVipOrder>
          dataIndex="price"
          title="支付蓝钻"
          sorter
          defaultSortOrder={getDefaultSortOrder('price', sorters)}
        />
        <Table.Column<AdminVipOrder> dataIndex="expTimeAfter" title="会员到期" render={formatTime} />
        <Table.Column<AdminVipOrder> dataIndex="channelId" title="渠道" />
        <Table.Column<AdminVipOrder>
          dataIndex="createTime"
          title="开通时间"
          sorter
          defaultSortOrder={getDefaultSortOrder('createTime', sorters)}
          render={formatTime}
          width={180}
        />
      </QueryTable>
    </List>
  );
}
