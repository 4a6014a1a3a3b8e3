import { useCustomMutation } from '@refinedev/core';
import { Alert, Space, Typography } from 'antd';
import { useState } from 'react';
import { FilePickButton } from '../../shared/file-pick-button';

/**
 * The banner's picture: a file chosen here is uploaded at once (POST /home-banners/image, where the
 * server re-encodes it to WebP as every portal image), and the field's value becomes its URL,
 * previewed at the size the phone shows it. A refused file shows the server's reason.
 */
export function BannerImageField({
  id,
  value,
  onChange,
}: {
  id?: string;
  value?: string;
  onChange?: (url: string) => void;
}) {
  const { mutate, mutation } = useCustomMutation<{ url: string }>();
  const [error, setError] = useState<string | null>(null);
  const choose = (file: File) => {
    const form = new FormData();
    form.append('file', file);
    setError(null);
    mutate(
      {
        url: '/home-banners/image',
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
      <Typography.Text type="secondary">
        {mutation.isPending
          ? '正在上传…'
          : 'JPG、PNG、WebP 或 GIF，5MB 以内；建议 1380×520（首页按 690×260 显示）'}
      </Typography.Text>
      {error ? <Alert type="error" showIcon role="alert" message={`图片上传失败：${error}`} /> : null}
      {value ? (
        <img
          src={value}
          alt="横幅预览"
          width={345}
          height={130}
          style={{ objectFit: 'cover', borderRadius: 8, border: '1px solid #d9d9d9' }}
        />
      ) : null}
    </Space>
  );
}
