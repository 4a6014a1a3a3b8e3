import { type AdminConfigKey, CONFIG_VALUE_MAX } from '@ld/contract/admin/client-config';
import { Create, useForm } from '@refinedev/antd';
import { Form, Input } from 'antd';

/** 新建配置键: a key the client reads from the config list, and its value. */
export function ConfigKeyCreate() {
  const { formProps, saveButtonProps } = useForm<AdminConfigKey>({
    redirect: 'list',
    successNotification: (data) => ({ type: 'success', message: `已创建配置「${data?.data.key ?? ''}」` }),
  });
  return (
    <Create title="新建配置键" goBack={false} saveButtonProps={{ ...saveButtonProps, children: '保存' }}>
      <Form {...formProps} name="config-key-create" layout="vertical" requiredMark={false}>
        <Form.Item
          label="配置键"
          name="key"
          extra="以字母开头，由字母、数字、_ . - 组成，如 customerServiceHours"
          rules={[{ required: true, whitespace: true, message: '请填写配置键' }]}
        >
          <Input maxLength={64} style={{ width: 360 }} />
        </Form.Item>
        <Form.Item
          label="配置值"
          name="value"
          rules={[{ required: true, whitespace: true, message: '请填写配置值' }]}
        >
          <Input.TextArea rows={3} maxLength={CONFIG_VALUE_MAX} showCount />
        </Form.Item>
      </Form>
    </Create>
  );
}
