import type { AdminGame } from '@ld/contract/admin/games';
import { Edit, useForm } from '@refinedev/antd';
import { Alert, Button, Form } from 'antd';
import { useParams } from 'react-router';
import { GameFields } from './fields';
import { GameMedia } from './media';

/**
 * 编辑游戏: the fields (saved with 保存), and beside them what is saved at once: publishing, the
 * icon, screenshots and packages (GameMedia keeps its own copy of the game, so an upload never
 * resets what is being typed in the form).
 */
export function GameEdit() {
  const { id } = useParams();
  const { formProps, saveButtonProps, query } = useForm<AdminGame>({
    redirect: 'list',
    successNotification: (data) => ({ type: 'success', message: `已保存游戏「${data?.data.name ?? ''}」` }),
  });
  return (
    <Edit
      goBack={false}
      title="编辑游戏"
      saveButtonProps={{ ...saveButtonProps, children: '保存' }}
      isLoading={query?.isLoading}
    >
      {query?.isError ? (
        <Alert
          type="error"
          showIcon
          message="游戏加载失败"
          description={query.error?.message}
          action={
            <Button size="small" onClick={() => void query.refetch()}>
              重试
            </Button>
          }
        />
      ) : (
        <div style={{ display: 'flex', gap: 24, alignItems: 'flex-start' }}>
          <Form
            {...formProps}
            name="game-edit"
            layout="vertical"
            requiredMark={false}
            style={{ flex: '1 1 0', minWidth: 0 }}
          >
            <GameFields />
          </Form>
          {id ? <GameMedia id={Number(id)} /> : null}
        </div>
      )}
    </Edit>
  );
}
