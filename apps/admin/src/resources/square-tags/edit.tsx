import type { AdminSquareTag } from '@ld/contract/admin/square-tags';
import { Edit, useForm } from '@refinedev/antd';
import { Form } from 'antd';
import { LoadFailed } from '../../shared/load-failed';
import { SquareTagFields } from './fields';

/** 编辑话题: a new name shows on its posts too. */
export function SquareTagEdit() {
  const { formProps, saveButtonProps, query } = useForm<AdminSquareTag>({
    redirect: 'list',
    successNotification: (data) => ({ type: 'success', message: `已保存话题「${data?.data.name ?? ''}」` }),
  });
  return (
    <Edit
      goBack={false}
      title="编辑话题"
      saveButtonProps={{ ...saveButtonProps, children: '保存' }}
      isLoading={query?.isLoading}
    >
      {query?.isError ? (
        <LoadFailed what="话题" query={query} />
      ) : (
        <Form {...formProps} name="square-tag-edit" layout="vertical" requiredMark={false}>
          <SquareTagFields />
        </Form>
      )}
    </Edit>
  );
}
