import type { AdminBulletin } from '@ld/contract/admin/bulletins';
import { Create, useForm } from '@refinedev/antd';
import { Form } from 'antd';
import { BulletinFields } from './form-fields';

/**
 * 新建公告. A refused field is shown under its input; what was typed stays. No back arrow in the
 * header (its button inside a button fails axe's nested-interactive; the breadcrumb goes back).
 */
export function BulletinCreate() {
  const { formProps, saveButtonProps } = useForm<AdminBulletin>({
    redirect: 'list',
    successNotification: (data) => ({ type: 'success', message: `已创建公告「${data?.data.title ?? ''}」` }),
  });
  return (
    <Create title="新建公告" goBack={false} saveButtonProps={{ ...saveButtonProps, children: '保存' }}>
      <Form {...formProps} name="bulletin-create" layout="vertical" requiredMark={false}>
        <BulletinFields />
      </Form>
    </Create>
  );
}
