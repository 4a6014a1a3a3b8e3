import type { Message } from '@ld/contract/messages';
import { relativeTime } from '@ld/contract/relative-time';
import { useState } from 'react';
import { PagedList } from '../../../shared/ui/paged-list';
import { useUnreadCount } from '../api/get-messages';
import { useMarkRead } from '../api/mark-read';
import { useMessages } from '../api/message-list';
import './message.css';

function MessageItem({ message, onOpen }: { message: Message; onOpen: (m: Message) => void }) {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <button
      type="button"
      className={`msg-item${message.isRead ? '' : ' is-unread'}${isOpen ? ' is-open' : ''}`}
      aria-expanded={isOpen}
      onClick={() => {
        setIsOpen((v) => !v);
        onOpen(message);
      }}
    >
      <span className="msg-item__head">
        {!message.isRead && <span className="msg-item__dot" role="img" aria-label="未读" />}
        <span className="msg-item__title">{message.title}</span>
        <time className="msg-item__time" dateTime={message.createTime}>
          {relativeTime(message.createTime)}
        </time>
      </span>
      <span className="msg-item__content">{message.content}</span>
    </button>
  );
}

/** 系统消息: newest first; opening a message marks it read, and 全部已读 clears them all. */
export default function MessagePage() {
  const messages = useMessages();
  const unread = useUnreadCount();
  const markRead = useMarkRead();
  const unreadCount = unread.data ?? messages.data?.pages[0]?.unread ?? 0;

  const open = (message: Message) => {
    if (!message.isRead) markRead.mutate(message.id);
  };

  return (
    <div className="msg-page">
      <div className="msg-toolbar">
        <span>{unreadCount > 0 ? `${unreadCount} 条未读消息` : '没有未读消息'}</span>
        <button
          type="button"
          className="msg-toolbar__all"
          disabled={unreadCount === 0 || markRead.isPending}
          onClick={() => markRead.mutate(undefined)}
        >
          全部已读
        </button>
      </div>
      <PagedList
        query={messages}
        itemKey={(m) => m.id}
        renderItem={(m) => <MessageItem message={m} onOpen={open} />}
        emptyText="暂时没有系统消息，有新通知会第一时间告诉你"
        className="msg-list"
      />
    </div>
  );
}
