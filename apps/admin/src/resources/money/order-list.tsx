import type { AdminOrder } from '@ld/contract/admin/money';
import { formatYuan as yuan } from '@ld/contract/wallet';
import { ORDER_STATUS_TEXT, type OrderStatus, orderStatuses } from '@ld/contract/wallet-values';
import { getDefaultSortOrder, List, useTable } from '@refinedev/antd';
import type { CrudFilters } from '@refinedev/core';
import { Button, Descriptions, Form, Input, Select, Table, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import { Link } from 'react-router';
import { DatePicker } from '../../shared/date-picker';
import { QueryTable } from '../../shared/query-table';
import { dayRangeFilter, formatTime } from '../../shared/time';

interface Search {
  user?: string;
  orderId?: string;
  status?: OrderStatus;
  provider?: string;
  range?: [Dayjs | null, Dayjs | null] | null;
}

const STATUS_COLOR: Record<OrderStatus, string> = {
  created: 'processing',
  paid: 'warning',
  credited: 'success',
  closed: 'default',
};

const PROVIDERS = [
  { value: 'alipay', label: '支付宝' },
  { value: 'wechat', label: '微信支付' },
  { value: 'sandbox', label: '沙箱支付' },
];

/** 充值订单: every recharge order with what its provider said; by user, status, provider and time. */
export function OrderList() {
  const { tableProps, tableQuery, searchFormProps, sorters } = useTable<
    AdminOrder,
    { message: string; statusCode: number },
    Search
  >({
    sorters: { initial: [{ field: 'createTime', order: 'desc' }] },
    onSearch: (values): CrudFilters => [
      { field: 'user', operator: 'eq', value: values.user?.trim() || undefined },
      { field: 'orderId', operator: 'eq', value: values.orderId?.trim() || undefined },
      { field: 'status', operator: 'eq', value: values.status },
      { field: 'provider', operator: 'eq', value: values.provider },
      dayRangeFilter('createTime', values.range),
    ],
  });
  return (
    <List title="充值订单">
      <Form
        {...searchFormProps}
        name="order-filter"
        layout="inline"
        style={{ marginBottom: 16, rowGap: 8 }}
        aria-label="筛选充值订单"
      >
        <Form.Item label="用户" name="user">
          <Input allowClear placeholder="用户 ID 或登录名" style={{ width: 170 }} />
        </Form.Item>
        <Form.Item label="订单号" name="orderId">
          <Input allowClear style={{ width: 200 }} />
        </Form.Item>
        <Form.Item label="状态" name="status">
          <Select
            allowClear
            placeholder="全部"
            style={{ width: 140 }}
            options={orderStatuses.map((s) => ({ value: s, label: ORDER_STATUS_TEXT[s] }))}
          />
        </Form.Item>
        <Form.Item label="支付方式" name="provider">
          <Select allowClear placeholder="全部" style={{ width: 120 }} options={PROVIDERS} />
        </Form.Item>
        <Form.Item label="下单时间" name="range">
          <DatePicker.RangePicker allowEmpty={[true, true]} />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          筛选
        </Button>
      </Form>
      <QueryTable<AdminOrder>
        {...tableProps}
        query={tableQuery}
        rowKey="id"
        emptyText="没有符合条件的充值订单"
        expandable={{
          expandedRowRender: (o) => (
            <Descriptions size="small" column={3} bordered title="支付方记录">
              <Descriptions.Item label="交易号">{o.txnId ?? '—'}</Descriptions.Item>
              <Descriptions.Item label="支付方状态">{o.providerState ?? '—'}</Descriptions.Item>
              <Descriptions.Item label="最近查询">{formatTime(o.providerCheckedTime)}</Descriptions.Item>
              <Descriptions.Item label="支付通知">{formatTime(o.paidTime)}</Descriptions.Item>
              <Descriptions.Item label="到账">{formatTime(o.creditedTime)}</Descriptions.Item>
              <Descriptions.Item label="关闭">{formatTime(o.closedTime)}</Descriptions.Item>
              <Descriptions.Item label="截止">{formatTime(o.expireTime)}</Descriptions.Item>
              <Descriptions.Item label="渠道">{o.channelId}</Descriptions.Item>
              <Descriptions.Item label="邀请码">{o.inviteCode || '—'}</Descriptions.Item>
            </Descriptions>
          ),
        }}
      >
        <Table.Column<AdminOrder> dataIndex="orderId" title="订单号" />
        <Table.Column<AdminOrder>
          title="用户"
          render={(_, o) => (
            <Link to={`/wallets/show/${o.uid}`}>
              {o.userName || '—'}（{o.uid}）
            </Link>
          )}
        />
        <Table.Column<AdminOrder>
          dataIndex="amount"
          title="金额"
          sorter
          defaultSortOrder={getDefaultSortOrder('amount', sorters)}
          render={yuan}
        />
        <Table.Column<AdminOrder> dataIndex="diamonds" title="蓝钻" />
        <Table.Column<AdminOrder>
          dataIndex="status"
          title="状态"
          render={(status: OrderStatus, o) => <Tag color={STATUS_COLOR[status]}>{o.statusText}</Tag>}
        />
        <Table.Column<AdminOrder> dataIndex="providerName" title="支付方式" />
        <Table.Column<AdminOrder>
          dataIndex="createTime"
          title="下单时间"
          sorter
          defaultSortOrder={getDefaultSortOrder('createTime', sorters)}
          render={formatTime}
          width={180}
        />
        <Table.Column<AdminOrder>
          dataIndex="paidTime"
          title="支付时间"
          sorter
          defaultSortOrder={getDefaultSortOrder('paidTime', sorters)}
          render={formatTime}
          width={180}
        />
      </QueryTable>
    </List>
  );
}
