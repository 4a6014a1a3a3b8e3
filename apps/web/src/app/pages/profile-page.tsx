import { ProfileHub } from '../../features/accounts/components/profile-hub';
import { InstallEntry } from '../../features/install/components/install-entry';
import { useUnreadCount } from '../../features/messages/api/get-messages';
import { useIsLoggedIn } from '../../shared/stores/account';

/** 我的: the account hub with the unread count of 系统消息, and 添加到主屏幕. */
export default function ProfilePage() {
  const isLoggedIn = useIsLoggedIn();
  const unread = useUnreadCount();
  return <ProfileHub unreadCount={isLoggedIn ? (unread.data ?? 0) : 0} extra={<InstallEntry />} />;
}
