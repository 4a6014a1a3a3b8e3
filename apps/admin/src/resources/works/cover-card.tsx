import type { AdminWork } from '@ld/contract/admin/works';
import { useCustomMutation, useInvalidate } from '@refinedev/core';
import { Card, Image, Space, Typography, Upload } from 'antd';
import { BusyButton } from '../../shared/busy-button';
import type { WorkResource } from './words';

/** The cover: shown as stored, replaced by an upload the server re-encodes as the portal's covers. */
export function CoverCard({ resource, work }: { resource: WorkResource; work: AdminWork }) {
  const upload = useCustomMutation<AdminWork>();
  const invalidate = useInvalidate();
  return (
    <Card title="封面" size="small" style={{ marginBottom: 16 }}>
      <Space align="start" size="large">
        <Image
          src={work.cover}
          alt={`${work.title}的封面`}
          width={120}
          height={160}
          style={{ objectFit: 'cover' }}
        />
        <Space direction="vertical">
          <Typography.Text type="secondary">
            JPG、PNG、WebP 或 GIF，不超过 5MB；保存为 300×400。
          </Typography.Text>
          <Upload
            accept="image/jpeg,image/png,image/webp,image/gif"
            showUploadList={false}
            beforeUpload={(file) => {
              const form = new FormData();
              form.append('file', file);
              upload.mutate(
                {
                  url: `/${resource}/${work.id}/cover`,
                  method: 'post',
                  values: form as never,
                  successNotification: { type: 'success', message: '封面已更新' },
                  errorNotification: (error) => ({
                    type: 'error',
                    message: '封面上传失败',
                    description: error?.message,
                  }),
                },
                {
                  onSuccess: () =>
                    void invalidate({ resource, id: work.id, invalidates: ['detail', 'list'] }),
                },
              );
              return false;
            }}
          >
            <BusyButton pending={upload.mutation.isPending}>上传封面</BusyButton>
          </Upload>
        </Space>
      </Space>
    </Card>
  );
}
