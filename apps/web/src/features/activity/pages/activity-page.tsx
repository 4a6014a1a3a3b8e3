import type { ActivityStatus, ActivitySummary } from '@ld/contract/activities';
import { useSessionState } from '../../../shared/hooks/use-session-state';
import { CURRENCY_NAME } from '../../../shared/lib/brand';
import type { FirstQuery } from '../../../shared/lib/first-queries';
import { Image } from '../../../shared/ui/image';
import { Link } from '../../../shared/ui/link';
import { Empty, ErrorState, Loading } from '../../../shared/ui/states';
import { Tabs } from '../../../shared/ui/tabs';
import { activitiesQuery, useActivities } from '../api/activities';
import { windowText } from './format';
import './activity.css';

const TABS: Array<{ key: ActivityStatus; label: string }> = [
  { key: 'ongoing', label: '进行中' },
  { key: 'upcoming', label: '即将开始' },
  { key: 'ended', label: '已结束' },
];
const EMPTY_TEXT: Record<ActivityStatus, string> = {
  ongoing: '暂时没有进行中的活动',
  upcoming: '暂时没有即将开始的活动',
  ended: '还没有已结束的活动',
};

function ActivityCard({ activity, first }: { activity: ActivitySummary; first: boolean }) {
  return (
    <li>
      <Link to={`/activity/${activity.id}`} className={`activity-card is-${activity.status}`}>
        <Image
          src={activity.banner}
          alt={activity.title}
          className="activity-card__banner"
          width={351}
          height={197}
          displayWidth={351}
          priority={first}
        />
        <span className="activity-card__body">
          <span className="activity-card__head">
            <strong className="activity-card__title">{activity.title}</strong>
            <span className={`activity-badge is-${activity.status}`}>{activity.statusText}</span>
          </span>
          <span className="activity-card__summary">{activity.summary}</span>
          <span className="activity-card__meta">
            <span>{windowText(activity.startTime, activity.endTime)}</span>
            <span className="activity-card__reward">
              共 {activity.rewardTotal} {CURRENCY_NAME}
            </span>
          </span>
        </span>
      </Link>
    </li>
  );
}

/** The first screen: the ongoing activities. */
export const firstQueries = (): FirstQuery[] => [activitiesQuery('ongoing')];

/** 活动中心: ongoing, upcoming and ended activities, each opening its tasks and rules. */
export default function ActivityPage() {
  const [status, setStatus] = useSessionState<ActivityStatus>('activity.tab', 'ongoing');
  const query = useActivities(status);
  return (
    <div className="activity-page">
      <Tabs label="活动状态" items={TABS} active={status} onChange={setStatus} />
      {query.isPending ? (
        <Loading />
      ) : query.isError ? (
        <ErrorState onRetry={() => void query.refetch()} />
      ) : query.data.length === 0 ? (
        <Empty text={EMPTY_TEXT[status]} />
      ) : (
        <>
          <ul className="activity-list">
            {query.data.map((a, i) => (
              <ActivityCard key={a.id} activity={a} first={i === 0} />
            ))}
          </ul>
          <p className="activity-list__end">没有更多活动了</p>
        </>
      )}
    </div>
  );
}
