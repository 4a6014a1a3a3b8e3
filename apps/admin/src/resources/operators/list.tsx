import type { Operator } from '@ld/contract/admin/operators';
import { OPERATOR_ROLES, ROLE_LABELS } from '@ld/contract/admin/roles';
import { getDefaultSortOrder, List, useModalForm, useTable } from '@refinedev/antd';
import { type CrudFilters, useCustomMutation, useInvalidate, useUpdate } from '@refinedev/core';
import { Button, Form, Input, Modal, Popconfirm, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { busyOk, withBusyOk } from '../../shared/busy-button';
import { QueryTable } from '../../shared/query-table';
import { formatTime } from '../../shared/time';
import { useSession } from '../../shared/use-session';
import { OperatorFields, PasswordField } from './fields';
import { SettingsCard } from './settings-card';

const roleOptions = OPERATOR_ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));

interface Search {
  name?: string;
  role?: string;
  disabled?: 'true' | 'false';
}

/** 操作员 (admins only): who may use the console, as what; and the console's own settings. */
export function OperatorList() {
  const me = useSession()?.operator;
  const { tableProps, tableQuery, searchFormProps, sorters } = useTable<
    Operator,
    { message: string; statusCode: number },
    Search
  >({
    sorters: { initial: [{ field: 'id', order: 'asc' }] },
    onSearch: (values): CrudFilters => [
      { field: 'name', operator: 'contains', value: values.name?.trim() || undefined },
      { field: 'role', operator: 'eq', value: values.role },
      { field: 'disabled', operator: 'eq', value: values.disabled },
    ],
  });
  const create = useModalForm<Operator>({
    action: 'create',
    resource: 'operators',
    successNotification: (data) => ({ type: 'success', message: `已创建操作员 ${data?.data.name ?? ''}` }),
  });
  const { mutate: update } = useUpdate<Operator>();
  const invalidate = useInvalidate();
  const action = useCustomMutation();
  const [resetting, setResetting] = useState<Operator | null>(null);
  const [resetForm] = Form.useForm<{ password: string }>();

  const change = (record: Operator, values: { role?: string; disabled?: boolean }, message: string) =>
    update({
      resource: 'operators',
      id: record.id,
      values,
      successNotification: { type: 'success', message },
    });
  const afterAction = () => void invalidate({ resource: 'operators', invalidates: ['list'] });

  return (
    <>
      <SettingsCard />
      <List
        title="操作员"
        headerButtons={
          <Button type="primary" onClick={() => create.show()}>
            新建操作员
          </Button>
        }
      >
        <Form
          {...searchFormProps}
          name="operator-filter"
          layout="inline"
          style={{ marginBottom: 16 }}
          aria-label="筛选操作员"
        >
          <Form.Item label="名称" name="name">
            <Input allowClear placeholder="名称包含的文字" />
          </Form.Item>
          <Form.Item label="角色" name="role">
            <Select allowClear placeholder="全部" style={{ width: 120 }} options={roleOptions} />
          </Form.Item>
          <Form.Item label="状态" name="disabled">
            <Select
              allowClear
              placeholder="全部"
              style={{ width: 120 }}
              options={[
                { value: 'false', label: '启用' },
                { value: 'true', label: '停用' },
              ]}
            />
          </Form.Item>
          <Button type="primary" htmlType="submit">
            筛选
          </Button>
        </Form>
        <QueryTable<Operator> {...tableProps} query={tableQuery} rowKey="id" emptyText="没有符合条件的操作员">
          <Table.Column<Operator>
            dataIndex="id"
            title="编号"
            sorter
            defaultSortOrder={getDefaultSortOrder('id', sorters)}
            width={80}
          />
          <Table.Column<Operator>
            dataIndex="name"
            title="名称"
            sorter
            defaultSortOrder={getDefaultSortOrder('name', sorters)}
          />
          <Table.Column<Operator>
            dataIndex="role"
            title="角色"
            width={150}
            render={(role: Operator['role'], record) =>
              // One's own role is not changed here (the server refuses it too).
              record.id === me?.id ? (
                ROLE_LABELS[role]
              ) : (
                <Select
                  aria-label={`${record.name} 的角色`}
                  value={role}
                  size="small"
                  style={{ width: 110 }}
                  options={roleOptions}
                  disabled={record.id === me?.id}
                  onChange={(next) =>
                    change(record, { role: next }, `已将 ${record.name} 的角色改为${ROLE_LABELS[next]}`)
                  }
                />
              )
            }
          />
          <Table.Column<Operator>
            dataIndex="disabled"
            title="状态"
            width={80}
            render={(disabled: boolean) =>
              disabled ? <Tag color="error">停用</Tag> : <Tag color="success">启用</Tag>
            }
          />
          <Table.Column<Operator>
            dataIndex="totpEnabled"
            title="两步验证"
            width={100}
            render={(on: boolean) => (on ? <Tag color="success">已开启</Tag> : <Tag>未开启</Tag>)}
          />
          <Table.Column<Operator> dataIndex="lastSeenTime" title="最近使用" render={formatTime} width={110} />
          <Table.Column<Operator>
            dataIndex="createTime"
            title="创建时间"
            sorter
            defaultSortOrder={getDefaultSortOrder('createTime', sorters)}
            render={formatTime}
            width={110}
          />
          <Table.Column<Operator>
            title="操作"
            width={280}
            render={(_, record) =>
              record.id === me?.id ? (
                <Tag>当前账号</Tag>
              ) : (
                <Space>
                  <Popconfirm
                    title={
                      record.disabled ? `启用 ${record.name}？` : `停用 ${record.name}？其登录会立即失效。`
                    }
                    okText={record.disabled ? '启用' : '停用'}
                    cancelText="取消"
                    onConfirm={() =>
                      change(
                        record,
                        { disabled: !record.disabled },
                        record.disabled ? `已启用 ${record.name}` : `已停用 ${record.name}`,
                      )
                    }
                  >
                    <Button size="small" danger={!record.disabled}>
                      {record.disabled ? '启用' : '停用'}
                    </Button>
                  </Popconfirm>
                  <Button size="small" onClick={() => setResetting(record)}>
                    重置密码
                  </Button>
                  {record.totpEnabled ? (
                    <Popconfirm
                      title={`关闭 ${record.name} 的两步验证？其需重新设置。`}
                      okText="重置"
                      cancelText="取消"
                      onConfirm={() =>
                        action.mutate(
                          {
                            url: `/operators/${record.id}/totp/reset`,
                            method: 'post',
                            values: {},
                            successNotification: {
                              type: 'success',
                              message: `已重置 ${record.name} 的两步验证`,
                            },
                          },
                          { onSuccess: afterAction },
                        )
                      }
                    >
                      <Button size="small">重置两步验证</Button>
                    </Popconfirm>
                  ) : null}
                </Space>
              )
            }
          />
        </QueryTable>
      </List>

      <Modal {...withBusyOk(create.modalProps)} title="新建操作员" okText="创建" cancelText="取消">
        <Form {...create.formProps} name="operator-create" layout="vertical" requiredMark={false}>
          <OperatorFields />
        </Form>
      </Modal>

      <Modal
        open={resetting !== null}
        title={`重置 ${resetting?.name ?? ''} 的密码`}
        okText="重置"
        cancelText="取消"
        okButtonProps={busyOk(action.mutation.isPending)}
        onCancel={() => setResetting(null)}
        onOk={() => resetForm.submit()}
        destroyOnHidden
      >
        <Form
          form={resetForm}
          name="operator-reset-password"
          layout="vertical"
          requiredMark={false}
          onFinish={(values) =>
            resetting &&
            action.mutate(
              {
                url: `/operators/${resetting.id}/password`,
                method: 'post',
                values,
                successNotification: {
                  type: 'success',
                  message: `已重置 ${resetting.name} 的密码，其登录已失效`,
                },
              },
              {
                onSuccess: () => {
                  setResetting(null);
                  resetForm.resetFields();
                  afterAction();
                },
              },
            )
          }
        >
          <PasswordField label="新密码" name={resetting?.name ?? ''} />
        </Form>
      </Modal>
    </>
  );
}
