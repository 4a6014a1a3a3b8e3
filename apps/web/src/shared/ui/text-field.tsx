import { type HTMLAttributes, type InputHTMLAttributes, type ReactNode, useId, useState } from 'react';
import './text-field.css';

interface TextFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** The rule, shown under the field until an error takes its place. */
  hint?: string;
  error?: string;
  type?: 'text' | 'password' | 'tel';
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  autoComplete?: string;
  placeholder?: string;
  maxLength?: number;
  disabled?: boolean;
  /** Something beside the input, such as the 获取验证码 button. */
  suffix?: ReactNode;
  inputProps?: InputHTMLAttributes<HTMLInputElement>;
}

/** A labelled input at least 44 px tall, its rule or its error under it (DESIGN §9). */
export function TextField({
  label,
  value,
  onChange,
  onBlur,
  hint,
  error,
  type = 'text',
  inputMode,
  autoComplete,
  placeholder,
  maxLength,
  disabled,
  suffix,
  inputProps,
}: TextFieldProps) {
  const id = useId();
  const noteId = `${id}-note`;
  const [isRevealed, setIsRevealed] = useState(false);
  const isPassword = type === 'password';
  const note = error ?? hint;
  return (
    <div className={`text-field${error ? ' text-field--error' : ''}`}>
      <label className="text-field__label" htmlFor={id}>
        {label}
      </label>
      <div className="text-field__control">
        <input
          {...inputProps}
          id={id}
          className="text-field__input"
          type={isPassword && isRevealed ? 'text' : type}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          onBlur={onBlur}
          inputMode={inputMode}
          autoComplete={autoComplete}
          placeholder={placeholder}
          maxLength={maxLength}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={note ? noteId : undefined}
          spellCheck={false}
          autoCapitalize="off"
        />
        {isPassword && (
          <button
            type="button"
            className="text-field__reveal"
            aria-label={isRevealed ? '隐藏明文' : '显示明文'}
            aria-pressed={isRevealed}
            onClick={() => setIsRevealed((v) => !v)}
          >
            <EyeIcon isOpen={isRevealed} />
          </button>
        )}
        {suffix}
      </div>
      {note && (
        <p id={noteId} className="text-field__note" role={error ? 'alert' : undefined}>
          {note}
        </p>
      )}
    </div>
  );
}

function EyeIcon({ isOpen }: { isOpen: boolean }) {
  return (
    <svg
      width="1.25rem"
      height="1.25rem"
      viewBox="0 0 24 24"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
    >
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z" />
      <circle cx="12" cy="12" r="3" />
      {!isOpen && <path d="M4 4l16 16" />}
    </svg>
  );
}
