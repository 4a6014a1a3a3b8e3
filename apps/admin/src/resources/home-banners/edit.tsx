import type { AdminBanner } from '@ld/contract/admin/home';
import { Edit, useForm } from '@refinedev/antd';
import { Form } from 'antd';
import { LoadFailed } from '../../shared/load-failed';
import { BannerFields } from './fields';

/** 编辑首页横幅: a new picture replaces the old one at the next visit. */
export function BannerEdit() {
  const { formProps, saveButtonProps, query } = useForm<AdminBanner>({
    redirect: 'list',
    successNotification: (data) => ({ type: 'success', message: `已保存横幅「${data?.data.alt ?? ''}」` }),
  });
  return (
    <Edit
      goBack={false}
      title="编辑首页横幅"
      saveButtonProps={{ ...saveButtonProps, children: '保存' }}
      isLoading={query?.isLoading}
    >
      {query?.isError ? (
        <LoadFailed what="首页横幅" query={query} />
      ) : (
        <Form {...formProps} name="banner-edit" layout="vertical" requiredMark={false}>
          <BannerFields />
        </Form>
      )}
    </Edit>
  );
}
