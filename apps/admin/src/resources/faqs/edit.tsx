import type { AdminFaq } from '@ld/contract/admin/faqs';
import { Edit, useForm } from '@refinedev/antd';
import { Form } from 'antd';
import { LoadFailed } from '../../shared/load-failed';
import { FaqFields } from './fields';

/** 编辑常见问题: the answer's HTML as it was written. */
export function FaqEdit() {
  const { formProps, saveButtonProps, query } = useForm<AdminFaq>({
    redirect: 'list',
    successNotification: (data) => ({ type: 'success', message: `已保存「${data?.data.question ?? ''}」` }),
  });
  return (
    <Edit
      goBack={false}
      title="编辑常见问题"
      saveButtonProps={{ ...saveButtonProps, children: '保存' }}
      isLoading={query?.isLoading}
    >
      {query?.isError ? (
        <LoadFailed what="常见问题" query={query} />
      ) : (
        <Form {...formProps} name="faq-edit" layout="vertical" requiredMark={false}>
          <FaqFields />
        </Form>
      )}
    </Edit>
  );
}
