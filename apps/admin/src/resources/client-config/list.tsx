import type { AdminConfigKey } from '@ld/contract/admin/client-config';
import { DeleteButton, EditButton, List, useTable } from '@refinedev/antd';
import type { CrudFilters } from '@refinedev/core';
import { Button, Form, Input, Space, Table, Tag } from 'antd';
import { QueryTable } from '../../shared/query-table';

interface Search {
  key?: string;
}

/** 客户端配置: the keys the client reads; a key the deployment's environment sets is marked (the environment wins). */
export function ConfigKeyList() {
  const { tableProps, tableQuery, searchFormProps } = useTable<
    AdminConfigKey,
    { message: string; statusCode: number },
    Search
  >({
    sorters: { initial: [{ field: 'key', order: 'asc' }] },
    onSearch: (values): CrudFilters => [
      { field: 'key', operator: 'contains', value: values.key?.trim() || undefined },
    ],
  });
  return (
    <List title="客户端配置" createButtonProps={{ children: '新建配置键' }}>
      <Form
        {...searchFormProps}
        name="config-filter"
        layout="inline"
        style={{ marginBottom: 16 }}
        aria-label="筛选配置键"
      >
        <Form.Item label="配置键" name="key">
          <Input allowClear placeholder="键名包含的文字" />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          筛选
        </Button>
      </Form>
      <QueryTable<AdminConfigKey> {...tableProps} query={tableQuery} rowKey="key" emptyText="还没有配置键">
        <Table.Column<AdminConfigKey> dataIndex="key" title="配置键" width={260} />
        <Table.Column<AdminConfigKey>
          dataIndex="value"
          title="配置值"
          render={(value: string, record) => (
            <Space wrap>
              {value}
              {record.environmentValue != null ? (
                <Tag color="warning">环境变量覆盖：{record.environmentValue}</Tag>
              ) : null}
            </Space>
          )}
        />
        <Table.Column<AdminConfigKey>
          title="操作"
          width={170}
          render={(_, record) => (
            <Space>
              <EditButton size="small" recordItemId={record.key}>
                编辑
              </EditButton>
              <DeleteButton
                size="small"
                recordItemId={record.key}
                confirmTitle={`确定删除「${record.key}」吗？`}
                confirmOkText="删除"
                confirmCancelText="取消"
                successNotification={{ type: 'success', message: `已删除「${record.key}」` }}
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
