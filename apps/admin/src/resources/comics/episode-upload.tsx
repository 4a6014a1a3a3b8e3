import type { AdminEpisode } from '@ld/contract/admin/comics';
import type { AdminWork } from '@ld/contract/admin/works';
import { useCustomMutation, useInvalidate } from '@refinedev/core';
import { Alert, Card, Input, Space, Typography, Upload, type UploadFile } from 'antd';
import { useState } from 'react';
import { BusyButton } from '../../shared/busy-button';

/** File names in the order a person numbers pages (2 before 10), as the server orders them. */
const byName = (a: UploadFile, b: UploadFile) =>
  a.name.localeCompare(b.name, 'zh-Hans-CN', { numeric: true, sensitivity: 'base' });

/** 新增一话: pick the page images (ordered by file name), a title, and upload them as one episode. */
export function EpisodeUpload({ work }: { work: AdminWork }) {
  const [files, setFiles] = useState<UploadFile[]>([]);
  const [title, setTitle] = useState('');
  const [error, setError] = useState<string | null>(null);
  const upload = useCustomMutation<AdminEpisode>();
  const invalidate = useInvalidate();
  const send = () => {
    const form = new FormData();
    form.append('title', title.trim());
    for (const file of files) form.append('pages', file.originFileObj as File, file.name);
    setError(null);
    upload.mutate(
      {
        url: `/comics/${work.id}/episodes`,
        method: 'post',
        values: form as never,
        successNotification: (answer) => ({
          type: 'success',
          message: `已新增「${answer?.data.title ?? ''}」，共 ${answer?.data.pages.length ?? 0} 页`,
        }),
        errorNotification: false,
      },
      {
        onSuccess: () => {
          setFiles([]);
          setTitle('');
          // The work's new count renews its units table (edit.tsx).
          void invalidate({ resource: 'comics', id: work.id, invalidates: ['detail', 'list'] });
        },
        onError: (e) => setError(e.message.replace(/^[A-Za-z][\w.]*: /, '')),
      },
    );
  };
  return (
    <Card title="新增一话" size="small" style={{ marginBottom: 16 }}>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Input
          aria-label="本话标题"
          placeholder={`本话标题（不填为“第${work.unitCount + 1}话”）`}
          value={title}
          maxLength={64}
          onChange={(e) => setTitle(e.target.value)}
          style={{ maxWidth: 420 }}
        />
        <Upload.Dragger
          multiple
          accept="image/jpeg,image/png,image/webp,image/gif"
          fileList={files}
          listType="picture"
          beforeUpload={() => false}
          onChange={({ fileList }) => setFiles([...fileList].sort(byName))}
        >
          <p style={{ fontSize: 16, margin: '8px 0' }}>点击或拖入本话的页面图片（可多选）</p>
          <p style={{ color: '#595959' }}>
            按文件名排序（2 在 10 之前），每张不超过 5MB，最多 200 张；上传后可调整顺序
          </p>
        </Upload.Dragger>
        {error ? <Alert type="error" showIcon role="alert" message="上传失败" description={error} /> : null}
        <Space>
          <BusyButton
            type="primary"
            disabled={files.length === 0}
            pending={upload.mutation.isPending}
            onClick={send}
          >
            上传 {files.length} 页为新的一话
          </BusyButton>
          {files.length > 0 ? (
            <Typography.Text type="secondary">顺序：{files.map((f) => f.name).join('、')}</Typography.Text>
          ) : null}
        </Space>
      </Space>
    </Card>
  );
}
