import { lazy, Suspense } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { openLowBalanceDialog, useDownloadDialogs } from '../../features/games/lib/download-store';
// The dialog itself is in the entry (docs/decisions/0050, first-load budget): the kit's popups
// (confirm, low balance, sheets) build on it, so a chunk of its own would be one more response on
// nearly every route; the start-up bulletin's chunk keeps only the bulletin and its queue.
import '../../shared/ui/dialog';

// Loaded only when opened, so the home route's first load stays within its budget.
const DownloadDialogs = lazy(() => import('../../features/games/components/download-dialogs'));
const MemberPopup = lazy(() => import('../../features/vip/components/member-popup'));

/** The membership panel is addressed as /profile?fun=member (spec §2). */
function useMemberPanel() {
  const location = useLocation();
  const navigate = useNavigate();
  const query = new URLSearchParams(location.search);
  const isOpen = location.pathname === '/profile' && query.get('fun') === 'member';
  const close = () => {
    query.delete('fun');
    const rest = query.toString();
    navigate(`/profile${rest ? `?${rest}` : ''}`, { replace: true });
  };
  return { isOpen, close };
}

/**
 * Root-level dialogs that any page can open (spec §2): the download confirmation and the
 * low-balance dialog (games feature, through its store) and the membership panel.
 */
export function RootDialogs() {
  const isDownloadOpen = useDownloadDialogs((s) => s.open !== null);
  const member = useMemberPanel();
  return (
    <Suspense fallback={null}>
      {member.isOpen && <MemberPopup onClose={member.close} onLowBalance={openLowBalanceDialog} />}
      {isDownloadOpen && <DownloadDialogs />}
    </Suspense>
  );
}
