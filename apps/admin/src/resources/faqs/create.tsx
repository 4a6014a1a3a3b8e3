import type { AdminFaq } from '@ld/contract/admin/faqs';
import { Create, useForm } from '@refinedev/antd';
import { Form } from 'antd';
import { FaqFields } from './fields';

/** 新建常见问题. A refused field is shown under its input; what was typed stays. */
export function FaqCreate() {
  const { formProps, saveButtonProps } = useForm<AdminFaq>({
    redirect: 'list',
    successNotification: (data) => ({ type: 'success', message: `已创建「${data?.data.question ?? ''}」` }),
  });
  return (
    <Create title="新建常见问题" goBack={false} saveButtonProps={{ ...saveButtonProps, children: '保存' }}>
      <Form {...formProps} name="faq-create" layout="vertical" requiredMark={false}>
        <FaqFields />
      </Form>
    </Create>
  );
}
