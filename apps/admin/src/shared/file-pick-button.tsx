import { UploadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { type ReactNode, useRef } from 'react';

/**
 * A button that opens the file chooser: the browser's own file input speaks the browser's
 * language ("Choose File"), so it stays hidden and this button, in Chinese, opens it.
 */
export function FilePickButton({
  id,
  accept,
  disabled,
  loading,
  children,
  onFile,
}: {
  id?: string;
  accept: string;
  disabled?: boolean;
  loading?: boolean;
  children: ReactNode;
  onFile: (file: File) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button
        id={id}
        icon={<UploadOutlined />}
        disabled={disabled}
        loading={loading}
        onClick={() => input.current?.click()}
      >
        {children}
      </Button>
      <input
        ref={input}
        type="file"
        accept={accept}
        hidden
        // antd's reset shows file inputs as blocks, over the `hidden` attribute.
        style={{ display: 'none' }}
        tabIndex={-1}
        aria-label={typeof children === 'string' ? children : '选择文件'}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) onFile(file);
        }}
      />
    </>
  );
}
