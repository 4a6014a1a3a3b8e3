import type { AdminVipPlan } from '@ld/contract/admin/vip-plans';
import { Create, useForm } from '@refinedev/antd';
import { Form } from 'antd';
import { VipPlanFields } from './fields';

/** 新建会员套餐. A refused field is shown under its input; what was typed stays. */
export function VipPlanCreate() {
  const { formProps, saveButtonProps } = useForm<AdminVipPlan>({
    redirect: 'list',
    successNotification: (data) => ({ type: 'success', message: `已创建套餐「${data?.data.name ?? ''}」` }),
  });
  return (
    <Create title="新建会员套餐" goBack={false} saveButtonProps={{ ...saveButtonProps, children: '保存' }}>
      <Form {...formProps} name="vip-plan-create" layout="vertical" requiredMark={false}>
        <VipPlanFields />
      </Form>
    </Create>
  );
}
