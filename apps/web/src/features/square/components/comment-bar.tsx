import { charCount, SQUARE_LIMITS } from '@ld/contract/square-values';
import { type FormEvent, useEffect, useRef } from 'react';
import { composerPlaceholder, type ReplyTarget } from '../lib/reply-target';
import './comment-bar.css';

interface CommentBarProps {
  text: string;
  onTextChange: (text: string) => void;
  target: ReplyTarget | null;
  onCancelTarget: () => void;
  /** A message from the server about the text (e.g. sensitive words); the text stays. */
  problem: string | null;
  busy: boolean;
  /** Asked before typing: a guest is sent to login instead. */
  canWrite: () => boolean;
  onSubmit: () => void;
}

/** The bottom bar: one input that comments on the post or answers the chosen comment (回复 @name). */
export function CommentBar({
  text,
  onTextChange,
  target,
  onCancelTarget,
  problem,
  busy,
  canWrite,
  onSubmit,
}: CommentBarProps) {
  const input = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (target) input.current?.focus();
  }, [target]);
  const count = charCount(text);
  const tooLong = count > SQUARE_LIMITS.commentContentMax;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!canWrite() || busy || tooLong || !text.trim()) return;
    onSubmit();
  };
  return (
    <form className="comment-bar" onSubmit={submit}>
      {target && (
        <div className="comment-bar__target">
          <span>
            回复 <b>@{target.name}</b>
          </span>
          <button type="button" className="comment-bar__cancel" onClick={onCancelTarget}>
            取消回复
          </button>
        </div>
      )}
      {(problem || tooLong) && (
        <p className="comment-bar__problem" role="alert">
          {tooLong
            ? `评论最多 ${SQUARE_LIMITS.commentContentMax} 字，请删减 ${count - SQUARE_LIMITS.commentContentMax} 字`
            : problem}
        </p>
      )}
      <div className="comment-bar__row">
        <textarea
          ref={input}
          className="comment-bar__input"
          aria-label="评论内容"
          placeholder={composerPlaceholder(target)}
          rows={1}
          value={text}
          onFocus={(e) => {
            if (!canWrite()) e.currentTarget.blur();
          }}
          onChange={(e) => onTextChange(e.target.value)}
        />
        <button type="submit" className="comment-bar__send" disabled={busy || tooLong || !text.trim()}>
          {busy ? '发送中' : '发送'}
        </button>
      </div>
    </form>
  );
}
