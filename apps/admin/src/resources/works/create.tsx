import type { AdminWork } from '@ld/contract/admin/works';
import { Create, useForm } from '@refinedev/antd';
import { Alert, Form } from 'antd';
import { WorkFields } from './fields';
import { WORK_WORDS, type WorkResource } from './words';

/** 新建小说 / 新建漫画: a draft with a generated cover; its edit page then takes the content. */
export function WorkCreate({ resource }: { resource: WorkResource }) {
  const { name, units } = WORK_WORDS[resource];
  const { formProps, saveButtonProps } = useForm<AdminWork>({
    resource,
    action: 'create',
    redirect: 'edit',
    successNotification: (data) => ({
      type: 'success',
      message: `已创建${name}「${data?.data.title ?? ''}」（草稿）`,
    }),
  });
  return (
    <Create title={`新建${name}`} goBack={false} saveButtonProps={{ ...saveButtonProps, children: '保存' }}>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        message={`保存后是草稿：在编辑页上传封面和${units}、定价，再发布到门户。`}
      />
      <Form {...formProps} name={`${resource}-create`} layout="vertical" requiredMark={false}>
        <WorkFields resource={resource} />
      </Form>
    </Create>
  );
}
