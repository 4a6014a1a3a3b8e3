import type { AdminBulletin } from '@ld/contract/admin/bulletins';
import { Edit, useForm } from '@refinedev/antd';
import { Alert, Button, Form } from 'antd';
import { BulletinFields } from './form-fields';

/** 编辑公告: the saved HTML as it was written; publishing is the switch. */
export function BulletinEdit() {
  const { formProps, saveButtonProps, query } = useForm<AdminBulletin>({
    redirect: 'list',
    successNotification: (data) => ({ type: 'success', message: `已保存公告「${data?.data.title ?? ''}」` }),
  });
  return (
    <Edit
      goBack={false}
      title="编辑公告"
      saveButtonProps={{ ...saveButtonProps, children: '保存' }}
      isLoading={query?.isLoading}
    >
      {query?.isError ? (
        <Alert
          type="error"
          showIcon
          message="公告加载失败"
          description={query.error?.message}
          action={
            <Button size="small" onClick={() => void query.refetch()}>
              重试
            </Button>
          }
        />
      ) : (
        <Form {...formProps} name="bulletin-edit" layout="vertical" requiredMark={false}>
          <BulletinFields />
        </Form>
      )}
    </Edit>
  );
}
