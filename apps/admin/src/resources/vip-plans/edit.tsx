import type { AdminVipPlan } from '@ld/contract/admin/vip-plans';
import { Edit, useForm } from '@refinedev/antd';
import { Form } from 'antd';
import { LoadFailed } from '../../shared/load-failed';
import { VipPlanFields } from './fields';

/** 编辑会员套餐: a change applies to purchases made from now on. */
export function VipPlanEdit() {
  const { formProps, saveButtonProps, query } = useForm<AdminVipPlan>({
    redirect: 'list',
    successNotification: (data) => ({ type: 'success', message: `已保存套餐「${data?.data.name ?? ''}」` }),
  });
  return (
    <Edit
      goBack={false}
      title="编辑会员套餐"
      saveButtonProps={{ ...saveButtonProps, children: '保存' }}
      isLoading={query?.isLoading}
    >
      {query?.isError ? (
        <LoadFailed what="会员套餐" query={query} />
      ) : (
        <Form {...formProps} name="vip-plan-edit" layout="vertical" requiredMark={false}>
          <VipPlanFields />
        </Form>
      )}
    </Edit>
  );
}
