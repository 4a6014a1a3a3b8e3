import type { Broadcast } from '@ld/contract/admin/broadcasts';
import { Create, useForm } from '@refinedev/antd';
import { Form, Input, InputNumber, Radio } from 'antd';
import { AUDIENCE_LABELS } from './list';

/**
 * 发送消息: to one user (delivered at once), a channel or everyone (a background job delivers it in
 * batches, once per user; the list shows its progress). A refused field shows under its input.
 */
export function BroadcastCreate() {
  const { formProps, saveButtonProps, form } = useForm<Broadcast>({
    resource: 'broadcasts',
    action: 'create',
    redirect: 'list',
    successNotification: (data) => ({
      type: 'success',
      message:
        data?.data.audience === 'user'
          ? `已发送「${data.data.title}」`
          : `「${data?.data.title ?? ''}」已开始发送，共 ${data?.data.total ?? 0} 人`,
    }),
  });
  const audience = Form.useWatch('audience', form);
  return (
    <Create title="发送系统消息" goBack={false} saveButtonProps={{ ...saveButtonProps, children: '发送' }}>
      <Form
        {...formProps}
        name="broadcast-create"
        layout="vertical"
        requiredMark={false}
        initialValues={{ audience: 'user' }}
      >
        <Form.Item label="发送对象" name="audience">
          <Radio.Group
            options={Object.entries(AUDIENCE_LABELS).map(([value, label]) => ({ value, label }))}
            optionType="button"
          />
        </Form.Item>
        {audience === 'user' ? (
          <Form.Item label="用户 ID" name="userId" extra="在「用户管理」里可以查到用户 ID">
            <InputNumber min={1} precision={0} style={{ width: 200 }} />
          </Form.Item>
        ) : null}
        {audience === 'channel' ? (
          <Form.Item label="渠道号" name="channelId" extra="发给注册时来自该渠道的用户">
            <Input style={{ width: 200 }} maxLength={32} />
          </Form.Item>
        ) : null}
        <Form.Item label="标题" name="title">
          <Input maxLength={64} showCount />
        </Form.Item>
        <Form.Item label="内容" name="content">
          <Input.TextArea rows={6} maxLength={2000} showCount />
        </Form.Item>
        {audience === 'all' || audience === 'channel' ? (
          <p>发给多人时由后台分批发送，每人只收到一条；进度可在列表里查看。</p>
        ) : null}
      </Form>
    </Create>
  );
}
