import { useCustomMutation } from '@refinedev/core';
import { Alert, Space, Typography } from 'antd';
import { useState } from 'react';
import { FilePickButton } from './file-pick-button';

/**
 * A form's picture (home banners, activity banners): a file chosen here is uploaded at once to
 * `uploadUrl` (where the server re-encodes it to WebP as every portal image), and the field's value
 * becomes its URL, previewed at the shape the phone shows it. A refused file shows the server's reason.
 */
export function ImageUploadField({
  id,
  value,
  onChange,
  uploadUrl,
  hint,
  previewAlt,
  previewSize,
}: {
  id?: string;
  value?: string;
  onChange?: (url: string) => void;
  /** The console API path that takes the multipart `file` and answers `{ url }`. */
  uploadUrl: string;
  /** Formats, size cap and the recommended pixels. */
  hint: string;
  previewAlt: string;
  previewSize: { width: number; height: number };
}) {
  const { mutate, mutation } = useCustomMutation<{ url: string }>();
  const [error, setError] = useState<string | null>(null);
  const choose = (file: File) => {
    const form = new FormData();
    form.append('file', file);
    setError(null);
    mutate(
      {
        url: uploadUrl,
        method: 'post',
        values: form as never,
        successNotification: false,
        errorNotification: false,
      },
      {
        onSuccess: (answer) => onChange?.(answer.data.url),
        onError: (err) => setError(err.message),
      },
    );
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <FilePickButton
        id={id}
        accept="image/jpeg,image/png,image/webp,image/gif"
        loading={mutation.isPending}
        onFile={choose}
      >
        {value ? '更换图片' : '选择图片'}
      </FilePickButton>
      <Typography.Text type="secondary">{mutation.isPending ? '正在上传…' : hint}</Typography.Text>
      {error ? <Alert type="error" showIcon role="alert" message={`图片上传失败：${error}`} /> : null}
      {value ? (
        <img
          src={value}
          alt={previewAlt}
          width={previewSize.width}
          height={previewSize.height}
          style={{ objectFit: 'cover', borderRadius: 8, border: '1px solid #d9d9d9' }}
        />
      ) : null}
    </Space>
  );
}
