import { UploadOutlined } from '@ant-design/icons';
import { type ReactNode, useRef } from 'react';
import { BusyButton } from './busy-button';

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
      <BusyButton
        id={id}
        icon={<UploadOutlined />}
        disabled={disabled}
        pending={loading}
        onClick={() => input.current?.click()}
      >
        {children}
      </BusyButton>
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
