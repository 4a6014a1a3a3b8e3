import { type AdminConfigKey, CONFIG_VALUE_MAX } from '@ld/contract/admin/client-config';
import { Edit, useForm } from '@refinedev/antd';
import { Alert, Form, Input, Typography } from 'antd';
import { LoadFailed } from '../../shared/load-failed';

/** 编辑配置键: its value; a key the environment sets keeps the environment's value on the portal. */
export function ConfigKeyEdit() {
  const { formProps, saveButtonProps, query } = useForm<AdminConfigKey>({
    redirect: 'list',
    successNotification: (data) => ({ type: 'success', message: `已保存配置「${data?.data.key ?? ''}」` }),
  });
  const record = query?.data?.data;
  return (
    <Edit
      goBack={false}
      title="编辑配置键"
      saveButtonProps={{ ...saveButtonProps, children: '保存' }}
      isLoading={query?.isLoading}
    >
      {query?.isError ? (
        <LoadFailed what="配置键" query={query} />
      ) : (
        <Form {...formProps} name="config-key-edit" layout="vertical" requiredMark={false}>
          {record ? <Typography.Paragraph>配置键：{record.key}</Typography.Paragraph> : null}
          {record?.environmentValue != null ? (
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 16 }}
              message={`部署环境设置了这个键，门户使用环境中的值「${record.environmentValue}」`}
            />
          ) : null}
          <Form.Item
            label="配置值"
            name="value"
            rules={[{ required: true, whitespace: true, message: '请填写配置值' }]}
          >
            <Input.TextArea rows={3} maxLength={CONFIG_VALUE_MAX} showCount />
          </Form.Item>
        </Form>
      )}
    </Edit>
  );
}
