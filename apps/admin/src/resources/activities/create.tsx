import type { AdminActivity } from '@ld/contract/admin/activities';
import { Create, useForm } from '@refinedev/antd';
import { Form } from 'antd';
import { ActivityFields } from './fields';

/** 新建活动; its tasks are added on the edit page it opens next. A refused field is shown under its input. */
export function ActivityCreate() {
  const { formProps, saveButtonProps } = useForm<AdminActivity>({
    redirect: 'edit',
    successNotification: (data) => ({
      type: 'success',
      message: `已创建「${data?.data.title ?? ''}」，请添加任务`,
    }),
  });
  return (
    <Create title="新建活动" goBack={false} saveButtonProps={{ ...saveButtonProps, children: '保存' }}>
      <Form {...formProps} name="activity-create" layout="vertical" requiredMark={false}>
        <ActivityFields />
      </Form>
    </Create>
  );
}
