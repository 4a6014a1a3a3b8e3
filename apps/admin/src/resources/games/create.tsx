import type { AdminGame } from '@ld/contract/admin/games';
import { Create, useForm } from '@refinedev/antd';
import { Alert, Form } from 'antd';
import { GameFields } from './fields';

/** 新建游戏: saved as a draft, then its edit page takes the icon, screenshots and packages, and publishes. */
export function GameCreate() {
  const { formProps, saveButtonProps } = useForm<AdminGame>({
    redirect: 'edit',
    successNotification: (data) => ({
      type: 'success',
      message: `已创建游戏「${data?.data.name ?? ''}」（草稿），请上传图标后发布`,
    }),
  });
  return (
    <Create title="新建游戏" goBack={false} saveButtonProps={{ ...saveButtonProps, children: '保存草稿' }}>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        message="新游戏先保存为草稿；保存后可上传图标、截图和安装包，有图标后即可发布。"
      />
      <Form {...formProps} name="game-create" layout="vertical" requiredMark={false}>
        <GameFields />
      </Form>
    </Create>
  );
}
