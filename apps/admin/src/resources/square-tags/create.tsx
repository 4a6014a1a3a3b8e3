import type { AdminSquareTag } from '@ld/contract/admin/square-tags';
import { Create, useForm } from '@refinedev/antd';
import { Form } from 'antd';
import { SquareTagFields } from './fields';

/** 新建话题. A refused field is shown under its input; what was typed stays. */
export function SquareTagCreate() {
  const { formProps, saveButtonProps } = useForm<AdminSquareTag>({
    redirect: 'list',
    successNotification: (data) => ({ type: 'success', message: `已创建话题「${data?.data.name ?? ''}」` }),
  });
  return (
    <Create title="新建话题" goBack={false} saveButtonProps={{ ...saveButtonProps, children: '保存' }}>
      <Form {...formProps} name="square-tag-create" layout="vertical" requiredMark={false}>
        <SquareTagFields />
      </Form>
    </Create>
  );
}
