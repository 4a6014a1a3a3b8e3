import type { AdminRechargePack } from '@ld/contract/admin/recharge-packs';
import { Create, useForm } from '@refinedev/antd';
import { Form } from 'antd';
import { RechargePackFields, yuan } from './fields';

/** 新建充值档位. A refused field is shown under its input; what was typed stays. */
export function RechargePackCreate() {
  const { formProps, saveButtonProps } = useForm<AdminRechargePack>({
    redirect: 'list',
    successNotification: (data) => ({
      type: 'success',
      message: `已创建档位 ${data ? `${yuan(data.data.price)} / ${data.data.diamonds} 钻石` : ''}`,
    }),
  });
  return (
    <Create title="新建充值档位" goBack={false} saveButtonProps={{ ...saveButtonProps, children: '保存' }}>
      <Form {...formProps} name="recharge-pack-create" layout="vertical" requiredMark={false}>
        <RechargePackFields />
      </Form>
    </Create>
  );
}
