import { ProfileHub } from '../../features/accounts/components/profile-hub';
import { useUnreadCount } from '../../features/messages/api/get-messages';
import { useIsLoggedIn } from '../../shared/stores/account';

/** 我的: the account hub with the unread count of 系统消息. */
export default function ProfilePage() {
  const isLoggedIn = useIsLoggedIn();
  const unread = useUnreadCount();
  return <ProfileHub unreadCount={isLoggedIn ? (unread.data ?? 0) : 0} />;
}
