import type { ModUser } from '@ld/contract/admin/moderation';
import { getDefaultSortOrder, List, useTable } from '@refinedev/antd';
import { type CrudFilters, type HttpError, useCustomMutation } from '@refinedev/core';
import { Button, Checkbox, Form, Input, Modal, Popconfirm, Select, Space, Table, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { busyOk } from '../../shared/busy-button';
import { DatePicker } from '../../shared/date-picker';
import { QueryTable } from '../../shared/query-table';
import { beijingNow, beijingPicked, formatTime, pickedInstant } from '../../shared/time';

interface Search {
  keyword?: string;
  status?: 'muted' | 'banned';
}

interface RestrictValues {
  until?: Dayjs | null;
  permanent?: boolean;
  reason: string;
}

const PERMANENT_YEAR = 9999;

function restriction(user: ModUser) {
  const tags = [];
  if (user.isBanned)
    tags.push(
      <Tag key="ban" color="error">
        {user.bannedUntil !== null && beijingPicked(user.bannedUntil).year() >= PERMANENT_YEAR
          ? '永久封禁'
          : `封禁至 ${formatTime(user.bannedUntil)}`}
      </Tag>,
    );
  if (user.isMuted)
    tags.push(
      <Tag key="mute" color="warning">
        禁言至 {formatTime(user.mutedUntil)}
      </Tag>,
    );
  return tags.length > 0 ? tags : <Tag color="success">正常</Tag>;
}

/** 用户管理: find a user; mute them (no posts or comments) or ban them (logged out, no login) until a time. */
export function UserModerationList() {
  const { tableProps, tableQuery, searchFormProps, sorters } = useTable<
    ModUser,
    { message: string; statusCode: number },
    Search
  >({
    resource: 'moderation-users',
    meta: { path: 'moderation/users' },
    sorters: { initial: [{ field: 'createTime', order: 'desc' }] },
    onSearch: (values): CrudFilters => [
      { field: 'keyword', operator: 'contains', value: values.keyword?.trim() || undefined },
      { field: 'status', operator: 'eq', value: values.status },
    ],
  });
  const action = useCustomMutation();
  const [dialog, setDialog] = useState<{ user: ModUser; kind: 'mute' | 'ban' } | null>(null);
  const [form] = Form.useForm<RestrictValues>();
  const permanent = Form.useWatch('permanent', form);

  const post = (user: ModUser, verb: string, message: string, values: object = {}, onDone?: () => void) =>
    action.mutate(
      {
        url: `/moderation/users/${user.id}/${verb}`,
        method: 'post',
        values,
        successNotification: { type: 'success', message },
        errorNotification: (error) => ({
          type: 'error',
          message: (error as HttpError | undefined)?.message ?? '操作失败，请重试',
        }),
      },
      {
        onSuccess: () => {
          onDone?.();
          void tableQuery.refetch();
        },
        onError: (error) => {
          const errors = (error as HttpError).errors as Record<string, string> | undefined;
          if (errors)
            form.setFields(
              Object.entries(errors).map(([name, message]) => ({
                name: name as keyof RestrictValues,
                errors: [message],
              })),
            );
        },
      },
    );

  const submit = (values: RestrictValues) => {
    if (!dialog) return;
    const { user, kind } = dialog;
    const until = values.until ? pickedInstant(values.until) : undefined;
    const body =
      kind === 'ban' && values.permanent ? { reason: values.reason } : { until, reason: values.reason };
    const label = kind === 'mute' ? '禁言' : '封禁';
    post(user, kind, `已${label} ${user.name}（#${user.id}）`, body, () => {
      setDialog(null);
      form.resetFields();
    });
  };

  return (
    <List title="用户管理">
      <Form
        {...searchFormProps}
        name="user-moderation-filter"
        layout="inline"
        style={{ marginBottom: 16 }}
        aria-label="搜索用户"
      >
        <Form.Item label="用户" name="keyword">
          <Input allowClear placeholder="用户 ID、用户名或昵称" style={{ width: 200 }} />
        </Form.Item>
        <Form.Item label="状态" name="status">
          <Select
            allowClear
            placeholder="全部"
            style={{ width: 120 }}
            options={[
              { value: 'muted', label: '禁言中' },
              { value: 'banned', label: '封禁中' },
            ]}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          搜索
        </Button>
      </Form>
      <QueryTable<ModUser> {...tableProps} query={tableQuery} rowKey="id" emptyText="没有符合条件的用户">
        <Table.Column<ModUser>
          dataIndex="id"
          title="ID"
          sorter
          defaultSortOrder={getDefaultSortOrder('id', sorters)}
          width={80}
        />
        <Table.Column<ModUser> dataIndex="loginName" title="用户名" />
        <Table.Column<ModUser> dataIndex="name" title="昵称" />
        <Table.Column<ModUser>
          dataIndex="phone"
          title="手机"
          render={(v: string | null) => v ?? '—'}
          width={130}
        />
        <Table.Column<ModUser> dataIndex="channelId" title="渠道" width={80} />
        <Table.Column<ModUser>
          dataIndex="createTime"
          title="注册时间"
          sorter
          defaultSortOrder={getDefaultSortOrder('createTime', sorters)}
          render={formatTime}
          width={170}
        />
        <Table.Column<ModUser> title="状态" render={(_, r) => <Space wrap>{restriction(r)}</Space>} />
        <Table.Column<ModUser>
          title="操作"
          width={200}
          render={(_, user) => (
            <Space>
              {user.isMuted ? (
                <Popconfirm
                  title={`解除 ${user.name} 的禁言？`}
                  okText="解除"
                  cancelText="取消"
                  onConfirm={() => post(user, 'unmute', `已解除 ${user.name} 的禁言`)}
                >
                  <Button size="small">解除禁言</Button>
                </Popconfirm>
              ) : (
                <Button size="small" onClick={() => setDialog({ user, kind: 'mute' })}>
                  禁言
                </Button>
              )}
              {user.isBanned ? (
                <Popconfirm
                  title={`解除 ${user.name} 的封禁？`}
                  okText="解除"
                  cancelText="取消"
                  onConfirm={() => post(user, 'unban', `已解除 ${user.name} 的封禁`)}
                >
                  <Button size="small">解除封禁</Button>
                </Popconfirm>
              ) : (
                <Button size="small" danger onClick={() => setDialog({ user, kind: 'ban' })}>
                  封禁
                </Button>
              )}
            </Space>
          )}
        />
      </QueryTable>

      <Modal
        open={dialog !== null}
        title={
          dialog
            ? `${dialog.kind === 'mute' ? '禁言' : '封禁'} ${dialog.user.name}（#${dialog.user.id}）`
            : ''
        }
        okText={dialog?.kind === 'ban' ? '封禁' : '禁言'}
        okButtonProps={busyOk(action.mutation.isPending, { danger: dialog?.kind === 'ban' })}
        cancelText="取消"
        onCancel={() => setDialog(null)}
        onOk={() => form.submit()}
        destroyOnHidden
      >
        <p>
          {dialog?.kind === 'ban'
            ? '封禁后该用户的登录立即失效，登录时会看到原因和期限。'
            : '禁言期间该用户不能发帖和评论，发布时会看到原因和期限。'}
        </p>
        <Form form={form} name="user-restrict" layout="vertical" requiredMark={false} onFinish={submit}>
          {dialog?.kind === 'ban' ? (
            <Form.Item name="permanent" valuePropName="checked">
              <Checkbox>永久封禁</Checkbox>
            </Form.Item>
          ) : null}
          {dialog?.kind === 'ban' && permanent ? null : (
            <Form.Item
              label="截止时间"
              name="until"
              rules={[
                {
                  validator: (_, v) => (v ? Promise.resolve() : Promise.reject(new Error('请选择截止时间'))),
                },
              ]}
            >
              <DatePicker
                showTime={{ format: 'HH:mm' }}
                format="YYYY-MM-DD HH:mm"
                disabledDate={(d) => d.isBefore(beijingNow(), 'day')}
                presets={[
                  { label: '1 天', value: beijingNow().add(1, 'day') },
                  { label: '7 天', value: beijingNow().add(7, 'day') },
                  { label: '30 天', value: beijingNow().add(30, 'day') },
                ]}
                style={{ width: '100%' }}
              />
            </Form.Item>
          )}
          <Form.Item
            label="原因"
            name="reason"
            extra="用户会看到这段话"
            rules={[
              {
                validator: (_, v) =>
                  v?.trim()?.length >= 2
                    ? Promise.resolve()
                    : Promise.reject(new Error('请填写原因（至少 2 个字）')),
              },
            ]}
          >
            <Input.TextArea rows={3} maxLength={200} showCount />
          </Form.Item>
        </Form>
      </Modal>
    </List>
  );
}
