import { useCustomMutation } from '@refinedev/core';
import { Button, Popconfirm, Space, Tag } from 'antd';

// What 帖子审核 and 评论审核 share per row: the state tag and the 删除/恢复 buttons, each asking
// first, then a POST to the item's delete/restore route and the table read again.

/** 已删除 or 正常. */
export function ModStateTag({ deleted }: { deleted: boolean }) {
  return deleted ? <Tag color="error">已删除</Tag> : <Tag color="success">正常</Tag>;
}

/**
 * Deletes or restores one item: `url` names its route (without the verb's part), the notice says
 * `已删除帖子 #12` / `已恢复评论 #34`, and `refetch` reads the table again.
 */
export function useModerationAction<T extends { id: number }>({
  noun,
  url,
  refetch,
}: {
  /** 帖子 or 评论. */
  noun: string;
  url: (record: T, verb: 'delete' | 'restore') => string;
  refetch: () => unknown;
}) {
  const { mutate } = useCustomMutation();
  return (record: T, verb: 'delete' | 'restore') =>
    mutate(
      {
        url: url(record, verb),
        method: 'post',
        values: {},
        successNotification: {
          type: 'success',
          message: `${verb === 'delete' ? '已删除' : '已恢复'}${noun} #${record.id}`,
        },
      },
      { onSuccess: () => void refetch() },
    );
}

/** 恢复 for a deleted item, 删除 (danger) for a live one; each asks with its own question. */
export function ModRowButtons({
  deleted,
  deleteQuestion,
  restoreQuestion,
  onAct,
}: {
  deleted: boolean;
  deleteQuestion: string;
  restoreQuestion: string;
  onAct: (verb: 'delete' | 'restore') => void;
}) {
  return (
    <Space>
      {deleted ? (
        <Popconfirm
          title={restoreQuestion}
          okText="恢复"
          cancelText="取消"
          onConfirm={() => onAct('restore')}
        >
          <Button size="small">恢复</Button>
        </Popconfirm>
      ) : (
        <Popconfirm
          title={deleteQuestion}
          okText="删除"
          okButtonProps={{ danger: true }}
          cancelText="取消"
          onConfirm={() => onAct('delete')}
        >
          <Button size="small" danger>
            删除
          </Button>
        </Popconfirm>
      )}
    </Space>
  );
}
