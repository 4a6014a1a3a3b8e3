import type { AdminEpisode, AdminPageImage } from '@ld/contract/admin/comics';
import { useCustom, useCustomMutation } from '@refinedev/core';
import { Alert, Button, Image, List, Modal, Space } from 'antd';
import { useEffect, useState } from 'react';
import { busyOk } from '../../shared/busy-button';

/** 调整页序: the episode's pages as thumbnails, moved up and down, saved as a new order. */
export function PageOrder({
  workId,
  episodeId,
  onClose,
}: {
  workId: number;
  episodeId: number;
  onClose: () => void;
}) {
  const episode = useCustom<AdminEpisode>({ url: `/comics/${workId}/episodes/${episodeId}`, method: 'get' });
  const save = useCustomMutation<AdminEpisode>();
  const [pages, setPages] = useState<AdminPageImage[]>([]);
  const loaded = episode.query.data?.data;
  useEffect(() => {
    if (loaded) setPages(loaded.pages);
  }, [loaded]);
  const move = (i: number, by: number) =>
    setPages((p) => {
      const next = [...p];
      [next[i], next[i + by]] = [next[i + by], next[i]];
      return next;
    });
  return (
    <Modal
      open
      title={`调整页序：${loaded?.title ?? ''}`}
      okText="保存页序"
      cancelText="取消"
      okButtonProps={busyOk(save.mutation.isPending)}
      onCancel={onClose}
      onOk={() =>
        save.mutate(
          {
            url: `/comics/${workId}/episodes/${episodeId}/pages`,
            method: 'put',
            values: { order: pages.map((p) => p.index) },
            successNotification: { type: 'success', message: '页序已保存，门户即刻生效' },
          },
          { onSuccess: onClose },
        )
      }
    >
      {episode.query.isError ? (
        <Alert
          type="error"
          showIcon
          message="页面加载失败"
          description={episode.query.error?.message}
          action={
            <Button size="small" onClick={() => void episode.query.refetch()}>
              重试
            </Button>
          }
        />
      ) : null}
      <List
        loading={episode.query.isLoading}
        dataSource={pages}
        style={{ maxHeight: 460, overflow: 'auto' }}
        renderItem={(page, i) => (
          <List.Item
            actions={[
              <Button
                key="up"
                size="small"
                disabled={i === 0}
                onClick={() => move(i, -1)}
                aria-label={`第 ${i + 1} 页上移`}
              >
                上移
              </Button>,
              <Button
                key="down"
                size="small"
                disabled={i === pages.length - 1}
                onClick={() => move(i, 1)}
                aria-label={`第 ${i + 1} 页下移`}
              >
                下移
              </Button>,
            ]}
          >
            <Space>
              <span style={{ width: 48, display: 'inline-block' }}>第 {i + 1} 页</span>
              <Image
                src={page.url}
                alt={`原第 ${page.index} 页`}
                height={64}
                width={48}
                style={{ objectFit: 'cover' }}
              />
              <span style={{ color: '#595959' }}>
                {page.width}×{page.height}
              </span>
            </Space>
          </List.Item>
        )}
      />
    </Modal>
  );
}
