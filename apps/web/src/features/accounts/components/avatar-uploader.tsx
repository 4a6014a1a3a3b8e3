import { useEffect, useId, useState } from 'react';
import { Avatar } from '../../../shared/ui/avatar';
import { toast } from '../../../shared/ui/toast-store';
import { AVATAR_MAX_BYTES, useUploadAvatar } from '../api/upload-avatar';
import './user-center.css';

/** Tap the avatar to pick a picture; it uploads at once, showing the picture and the progress meanwhile. */
export function AvatarUploader({ src, name }: { src: string | null; name: string }) {
  const inputId = useId();
  const [progress, setProgress] = useState(0);
  const [preview, setPreview] = useState<string | null>(null);
  const upload = useUploadAvatar(setProgress);

  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  const onPick = (e: React.ChangeEvent<HTMLInputElement>) => {
    const input = e.currentTarget;
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      toast.warning('请选择图片文件（JPG、PNG、WebP 或 GIF）');
      return;
    }
    if (file.size > AVATAR_MAX_BYTES) {
      toast.warning('图片不能超过 5MB，请换一张小一点的图片');
      return;
    }
    setProgress(0);
    setPreview(URL.createObjectURL(file));
    upload.mutate(file, {
      onSuccess: () => toast.success('头像已更新'),
      onSettled: () => setPreview(null),
    });
  };

  const isUploading = upload.isPending;
  return (
    <div className="uc-avatar">
      <label htmlFor={inputId} className={`uc-avatar__picker${isUploading ? ' is-busy' : ''}`}>
        {preview ? (
          <img
            className="avatar"
            src={preview}
            alt="正在上传的头像"
            style={{ width: '5rem', height: '5rem' }}
          />
        ) : (
          <Avatar src={src} name={name} size={80} />
        )}
        {isUploading ? (
          <span
            className="uc-avatar__progress"
            role="progressbar"
            aria-valuenow={Math.round(progress * 100)}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-label="头像上传进度"
          >
            {Math.round(progress * 100)}%
          </span>
        ) : (
          <span className="uc-avatar__camera" aria-hidden="true">
            <svg
              width="0.875rem"
              height="0.875rem"
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              aria-hidden="true"
            >
              <path d="M4 8h3l2-3h6l2 3h3v11H4Z" />
              <circle cx="12" cy="13" r="3.5" />
            </svg>
          </span>
        )}
      </label>
      <input
        id={inputId}
        className="uc-avatar__input"
        type="file"
        accept="image/*"
        aria-label="更换头像"
        disabled={isUploading}
        onChange={onPick}
      />
      <span className="uc-avatar__hint">{isUploading ? '正在上传…' : '点击头像更换'}</span>
    </div>
  );
}
