import { CustomerServiceOutlined } from '@ant-design/icons';
import { canUse } from '@ld/contract/admin/roles';
import { useList } from '@refinedev/core';
import { Badge, Button } from 'antd';
import { useNavigate } from 'react-router';
import { useSession } from '../shared/use-session';

/** How often the count of unanswered notes is asked for while the console is open (not while hidden): as often as the open inbox asks for new notes (resources/kefu/list.tsx), so the two agree. */
export const KEFU_WAITING_REFRESH_MS = 10_000;

/**
 * In the header on every page, for those who answer (moderators and admins): how many notes in
 * 客服收件箱 have no answer yet, so that a note is seen without the inbox open. Asked again every
 * KEFU_WAITING_REFRESH_MS, when the tab is shown again, and after a reply (which refreshes the
 * inbox's lists). A click opens the inbox, unanswered first.
 */
export function KefuWaiting() {
  const role = useSession()?.operator.role;
  const allowed = role !== undefined && canUse(role, 'moderation');
  const navigate = useNavigate();
  const { result, query } = useList({
    resource: 'kefu',
    filters: [{ field: 'answered', operator: 'eq', value: 'false' }],
    pagination: { currentPage: 1, pageSize: 1 },
    // A failed count keeps the last one (or shows none); it never takes the operator's attention.
    errorNotification: false,
    queryOptions: {
      enabled: allowed,
      refetchInterval: KEFU_WAITING_REFRESH_MS,
      refetchOnWindowFocus: true,
      retry: false,
    },
  });
  if (!allowed || query.data === undefined) return null;
  const waiting = result.total ?? 0;
  const label = waiting > 0 ? `客服收件箱，${waiting} 条未回复` : '客服收件箱，没有未回复的留言';
  return (
    <Badge count={waiting} overflowCount={99} size="small">
      <Button
        type="text"
        icon={<CustomerServiceOutlined />}
        aria-label={label}
        title={label}
        onClick={() => navigate('/kefu')}
      >
        客服留言
      </Button>
    </Badge>
  );
}
