import type { AdminRechargePack } from '@ld/contract/admin/recharge-packs';
import { Edit, useForm } from '@refinedev/antd';
import { Form } from 'antd';
import { LoadFailed } from '../../shared/load-failed';
import { RechargePackFields, yuan } from './fields';

/** 编辑充值档位: a change applies to orders made from now on. */
export function RechargePackEdit() {
  const { formProps, saveButtonProps, query } = useForm<AdminRechargePack>({
    redirect: 'list',
    successNotification: (data) => ({
      type: 'success',
      message: `已保存档位 ${data ? `${yuan(data.data.price)} / ${data.data.diamonds} 钻石` : ''}`,
    }),
  });
  return (
    <Edit
      goBack={false}
      title="编辑充值档位"
      saveButtonProps={{ ...saveButtonProps, children: '保存' }}
      isLoading={query?.isLoading}
    >
      {query?.isError ? (
        <LoadFailed what="充值档位" query={query} />
      ) : (
        <Form {...formProps} name="recharge-pack-edit" layout="vertical" requiredMark={false}>
          <RechargePackFields />
        </Form>
      )}
    </Edit>
  );
}
