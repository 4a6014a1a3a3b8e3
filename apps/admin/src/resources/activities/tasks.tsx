import { TASK_KIND_TEXT, TASK_KINDS } from '@ld/contract/activities';
import type { AdminActivity, AdminActivityTask } from '@ld/contract/admin/activities';
import { useCustomMutation } from '@refinedev/core';
import {
  Button,
  Empty,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Select,
  Space,
  Switch,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import type { ApiError } from '../../providers/http';
import { BusyButton, busyOk } from '../../shared/busy-button';

type TaskValues = Pick<AdminActivityTask, 'kind' | 'title' | 'target' | 'reward' | 'sort' | 'enabled'>;

/** The tasks of an activity: a table, and one dialog to add or edit a task. */
export function ActivityTasks({ activity, onChanged }: { activity: AdminActivity; onChanged: () => void }) {
  const [editing, setEditing] = useState<AdminActivityTask | 'new' | null>(null);
  const toggle = useCustomMutation<AdminActivity>();
  const switchTask = (task: AdminActivityTask) =>
    toggle.mutate(
      {
        url: `/activities/${activity.id}/tasks/${task.id}`,
        method: 'patch',
        values: { enabled: !task.enabled },
        successNotification: {
          type: 'success',
          message: task.enabled ? `已停用任务「${task.title}」` : `已启用任务「${task.title}」`,
        },
        errorNotification: (error) => ({ type: 'error', message: error?.message ?? '保存失败' }),
      },
      { onSuccess: onChanged },
    );
  const remove = useCustomMutation<AdminActivity>();
  const deleteTask = (task: AdminActivityTask) =>
    remove.mutate(
      {
        url: `/activities/${activity.id}/tasks/${task.id}`,
        method: 'delete',
        values: {},
        successNotification: { type: 'success', message: `已删除任务「${task.title}」` },
        errorNotification: (error) => ({ type: 'error', message: error?.message ?? '删除失败' }),
      },
      { onSuccess: onChanged },
    );
  return (
    <section aria-label="活动任务" style={{ marginTop: 24 }}>
      <div style={{ display: 'flex', justifyContent: 'space-between', marginBottom: 12 }}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          活动任务（奖励合计 {activity.rewardTotal} 钻石）
        </Typography.Title>
        <Button type="primary" onClick={() => setEditing('new')}>
          添加任务
        </Button>
      </div>
      <Table<AdminActivityTask>
        dataSource={activity.tasks}
        rowKey="id"
        pagination={false}
        locale={{ emptyText: <Empty description="还没有任务，点「添加任务」添加" /> }}
      >
        <Table.Column<AdminActivityTask> dataIndex="sort" title="排序" width={70} />
        <Table.Column<AdminActivityTask> dataIndex="title" title="任务名称" />
        <Table.Column<AdminActivityTask>
          dataIndex="kind"
          title="类型"
          width={110}
          render={(kind: AdminActivityTask['kind']) => TASK_KIND_TEXT[kind]}
        />
        <Table.Column<AdminActivityTask> dataIndex="target" title="目标次数" width={90} />
        <Table.Column<AdminActivityTask> dataIndex="reward" title="奖励钻石" width={90} />
        <Table.Column<AdminActivityTask> dataIndex="claims" title="已领取人数" width={100} />
        <Table.Column<AdminActivityTask>
          dataIndex="enabled"
          title="状态"
          width={80}
          render={(enabled: boolean) => (enabled ? <Tag color="success">启用</Tag> : <Tag>停用</Tag>)}
        />
        <Table.Column<AdminActivityTask>
          title="操作"
          width={210}
          render={(_, task) => (
            <Space>
              <Button size="small" onClick={() => setEditing(task)}>
                编辑
              </Button>
              <BusyButton
                size="small"
                pending={toggle.mutation.isPending && toggle.mutation.variables?.url.endsWith(`/${task.id}`)}
                onClick={() => switchTask(task)}
              >
                {task.enabled ? '停用' : '启用'}
              </BusyButton>
              <Popconfirm
                title={`确定删除任务「${task.title}」吗？`}
                description="有用户领取过的任务不能删除，请停用。"
                okText="删除"
                cancelText="取消"
                onConfirm={() => deleteTask(task)}
              >
                <BusyButton
                  size="small"
                  danger
                  pending={
                    remove.mutation.isPending && remove.mutation.variables?.url.endsWith(`/${task.id}`)
                  }
                >
                  删除
                </BusyButton>
              </Popconfirm>
            </Space>
          )}
        />
      </Table>
      {editing ? (
        <TaskDialog
          activityId={activity.id}
          task={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            onChanged();
          }}
        />
      ) : null}
    </section>
  );
}

function TaskDialog({
  activityId,
  task,
  onClose,
  onSaved,
}: {
  activityId: number;
  task: AdminActivityTask | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form] = Form.useForm<TaskValues>();
  const save = useCustomMutation<AdminActivity>();
  const locked = task !== null && task.claims > 0;
  const submit = (values: TaskValues) =>
    save.mutate(
      {
        url: task ? `/activities/${activityId}/tasks/${task.id}` : `/activities/${activityId}/tasks`,
        method: task ? 'patch' : 'post',
        values,
        successNotification: { type: 'success', message: `已保存任务「${values.title}」` },
        errorNotification: (error) => ({ type: 'error', message: error?.message ?? '保存失败' }),
      },
      {
        onSuccess: onSaved,
        onError: (error) => {
          const errors = (error as ApiError).errors ?? {};
          form.setFields(
            Object.entries(errors).map(([name, message]) => ({
              name: name as keyof TaskValues,
              errors: [message],
            })),
          );
        },
      },
    );
  return (
    <Modal
      open
      title={task ? `编辑任务「${task.title}」` : '添加任务'}
      okText="保存"
      cancelText="取消"
      okButtonProps={busyOk(save.mutation.isPending)}
      onCancel={onClose}
      onOk={() => form.submit()}
    >
      <Form<TaskValues>
        form={form}
        name="activity-task"
        layout="vertical"
        requiredMark={false}
        initialValues={task ?? { kind: 'checkin', target: 1, reward: 10, sort: 0, enabled: true }}
        onFinish={submit}
      >
        <Form.Item label="类型" name="kind" extra="任务统计活动时间内的哪种记录">
          <Select options={TASK_KINDS.map((k) => ({ value: k, label: TASK_KIND_TEXT[k] }))} />
        </Form.Item>
        <Form.Item
          label="任务名称"
          name="title"
          rules={[{ required: true, whitespace: true, message: '请填写任务名称' }]}
        >
          <Input maxLength={64} showCount placeholder="如：阅读3章" />
        </Form.Item>
        <Form.Item label="目标次数" name="target" rules={[{ required: true, message: '请填写目标次数' }]}>
          <InputNumber min={1} max={10000} precision={0} />
        </Form.Item>
        <Form.Item
          label="奖励钻石"
          name="reward"
          extra={locked ? `已有 ${task?.claims} 位用户领取，奖励不能再改` : undefined}
          rules={[{ required: true, message: '请填写奖励钻石' }]}
        >
          <InputNumber min={0} max={100000} precision={0} disabled={locked} />
        </Form.Item>
        <Form.Item label="排序" name="sort" extra="数字小的排在前面">
          <InputNumber min={0} max={9999} precision={0} />
        </Form.Item>
        <Form.Item
          label="启用"
          name="enabled"
          valuePropName="checked"
          extra="停用的任务不在活动页显示，也不能领取"
        >
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}
