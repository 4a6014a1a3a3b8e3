import type { AdminActivity } from '@ld/contract/admin/activities';
import { Edit, useForm } from '@refinedev/antd';
import { Form } from 'antd';
import { LoadFailed } from '../../shared/load-failed';
import { ActivityFields } from './fields';
import { ActivityTasks } from './tasks';

/** 编辑活动: its title, window, banner and rules, and under them its tasks. */
export function ActivityEdit() {
  const { formProps, saveButtonProps, query } = useForm<AdminActivity>({
    redirect: false,
    successNotification: (data) => ({ type: 'success', message: `已保存「${data?.data.title ?? ''}」` }),
  });
  const activity = query?.data?.data;
  return (
    <Edit
      goBack={false}
      title="编辑活动"
      saveButtonProps={{ ...saveButtonProps, children: '保存' }}
      isLoading={query?.isLoading}
    >
      {query?.isError ? (
        <LoadFailed what="活动" query={query} />
      ) : (
        <>
          <Form {...formProps} name="activity-edit" layout="vertical" requiredMark={false}>
            <ActivityFields />
          </Form>
          {activity ? <ActivityTasks activity={activity} onChanged={() => void query?.refetch()} /> : null}
        </>
      )}
    </Edit>
  );
}
