import type { AdminBanner } from '@ld/contract/admin/home';
import { Create, useForm } from '@refinedev/antd';
import { Form } from 'antd';
import { BannerFields } from './fields';

/** 新建首页横幅. A refused field is shown under its input; what was typed stays. */
export function BannerCreate() {
  const { formProps, saveButtonProps } = useForm<AdminBanner>({
    redirect: 'list',
    successNotification: (data) => ({ type: 'success', message: `已创建横幅「${data?.data.alt ?? ''}」` }),
  });
  return (
    <Create title="新建首页横幅" goBack={false} saveButtonProps={{ ...saveButtonProps, children: '保存' }}>
      <Form {...formProps} name="banner-create" layout="vertical" requiredMark={false}>
        <BannerFields />
      </Form>
    </Create>
  );
}
