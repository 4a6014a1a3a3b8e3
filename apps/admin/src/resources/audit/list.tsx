import type { AuditEntry } from '@ld/contract/admin/audit';
import type { Operator } from '@ld/contract/admin/operators';
import { getDefaultSortOrder, List, useSelect, useTable } from '@refinedev/antd';
import { type CrudFilters, useCustom } from '@refinedev/core';
import { Button, Form, Select, Table, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { DatePicker } from '../../shared/date-picker';
import { QueryTable } from '../../shared/query-table';
import { dayRangeFilter, formatTime } from '../../shared/time';

interface Search {
  operatorId?: number;
  action?: string;
  targetType?: string;
  range?: [Dayjs | null, Dayjs | null] | null;
}

const json = (value: unknown) =>
  value === null || value === undefined ? '—' : JSON.stringify(value, null, 2);

/** 操作日志: every operator write, newest first; filter by who, what, on what kind of thing, when. */
export function AuditList() {
  const { tableProps, tableQuery, searchFormProps, sorters } = useTable<
    AuditEntry,
    { message: string; statusCode: number },
    Search
  >({
    sorters: { initial: [{ field: 'time', order: 'desc' }] },
    onSearch: (values): CrudFilters => [
      { field: 'operatorId', operator: 'eq', value: values.operatorId },
      { field: 'action', operator: 'eq', value: values.action },
      { field: 'targetType', operator: 'eq', value: values.targetType },
      dayRangeFilter('time', values.range),
    ],
  });
  const { selectProps: operatorSelect } = useSelect<Operator>({
    resource: 'operators',
    optionLabel: 'name',
    optionValue: 'id',
    onSearch: (value) => [{ field: 'name', operator: 'contains', value }],
    pagination: { pageSize: 50, mode: 'server' },
  });
  const vocabulary = useCustom<{ actions: string[]; targetTypes: string[] }>({
    url: '/audit/vocabulary',
    method: 'get',
  });
  const words = vocabulary.query.data?.data;
  return (
    <List title="操作日志">
      <Form
        {...searchFormProps}
        name="audit-filter"
        layout="inline"
        style={{ marginBottom: 16, rowGap: 8 }}
        aria-label="筛选操作日志"
      >
        <Form.Item label="操作员" name="operatorId">
          <Select {...operatorSelect} allowClear placeholder="全部" style={{ width: 160 }} />
        </Form.Item>
        <Form.Item label="动作" name="action">
          <Select
            allowClear
            showSearch
            optionFilterProp="label"
            placeholder="全部"
            style={{ width: 200 }}
            options={words?.actions.map((a) => ({ value: a, label: a }))}
          />
        </Form.Item>
        <Form.Item label="对象类型" name="targetType">
          <Select
            allowClear
            showSearch
            optionFilterProp="label"
            placeholder="全部"
            style={{ width: 140 }}
            options={words?.targetTypes.map((a) => ({ value: a, label: a }))}
          />
        </Form.Item>
        <Form.Item label="时间" name="range">
          <DatePicker.RangePicker allowEmpty={[true, true]} />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          筛选
        </Button>
      </Form>
      <QueryTable<AuditEntry>
        {...tableProps}
        query={tableQuery}
        rowKey="id"
        emptyText="没有符合条件的操作记录"
        expandable={{
          expandedRowRender: (record) => (
            <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 16 }}>
              <div>
                <Typography.Text strong>修改前</Typography.Text>
                <pre style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{json(record.before)}</pre>
              </div>
              <div>
                <Typography.Text strong>修改后</Typography.Text>
                <pre style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{json(record.after)}</pre>
              </div>
            </div>
          ),
        }}
      >
        <Table.Column<AuditEntry>
          dataIndex="time"
          title="时间"
          sorter
          defaultSortOrder={getDefaultSortOrder('time', sorters)}
          render={formatTime}
          width={180}
        />
        <Table.Column<AuditEntry>
          dataIndex="operatorName"
          title="操作员"
          render={(name: string | null) => name ?? '命令行'}
        />
        <Table.Column<AuditEntry> dataIndex="action" title="动作" />
        <Table.Column<AuditEntry> title="对象" render={(_, r) => `${r.targetType} #${r.targetId}`} />
        <Table.Column<AuditEntry> dataIndex="ip" title="IP" width={140} />
      </QueryTable>
    </List>
  );
}
