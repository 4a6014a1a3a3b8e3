import { type FormEvent, useEffect, useRef } from 'react';
import { charCount } from '../lib/format';
import { COMMENT_CONTENT_MAX } from './limits';
import type { ReplyTarget } from './reply-target';
import './comment-bar.css';

export interface CommentBarProps {
  text: string;
  onTextChange(text: string): void;
  target: ReplyTarget | null;
  onCancelTarget(): void;
  /** A message from the server about the text (e.g. sensitive words); the text stays. */
  problem: string | null;
  busy: boolean;
  /** Asked before typing: a guest is sent to login instead. */
  canWrite(): boolean;
  onSubmit(): void;
  /** The box's accessible name: 评论内容, 段评内容, 本话评论内容. */
  label: string;
  /** What one comment is called in the too-long message. */
  noun: string;
  placeholder: string;
  /** Fixed at the bottom of the page (a post's detail), rather than in the flow of a card or sheet. */
  docked?: boolean;
}

/** One box that comments on the place or answers the chosen comment (回复 @name), and 发送. */
export function CommentBar(props: CommentBarProps) {
  const { text, target, problem, busy, noun } = props;
  const input = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (target) input.current?.focus();
  }, [target]);
  const count = charCount(text);
  const tooLong = count > COMMENT_CONTENT_MAX;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!props.canWrite() || busy || tooLong || !text.trim()) return;
    props.onSubmit();
  };
  return (
    <form className={`comment-bar${props.docked ? ' comment-bar--docked' : ''}`} onSubmit={submit}>
      {target && (
        <div className="comment-bar__target">
          <span>
            回复 <b>@{target.name}</b>
          </span>
          <button type="button" className="comment-bar__cancel" onClick={props.onCancelTarget}>
            取消回复
          </button>
        </div>
      )}
      {(problem || tooLong) && (
        <p className="comment-bar__problem" role="alert">
          {tooLong
            ? `${noun}最多 ${COMMENT_CONTENT_MAX} 字，请删减 ${count - COMMENT_CONTENT_MAX} 字`
            : problem}
        </p>
      )}
      <div className="comment-bar__row">
        <textarea
          ref={input}
          className="comment-bar__input"
          aria-label={props.label}
          placeholder={props.placeholder}
          rows={1}
          value={text}
          onFocus={(e) => {
            if (!props.canWrite()) e.currentTarget.blur();
          }}
          onChange={(e) => props.onTextChange(e.target.value)}
        />
        <button type="submit" className="comment-bar__send" disabled={busy || tooLong || !text.trim()}>
          {busy ? '发送中' : '发送'}
        </button>
      </div>
    </form>
  );
}
