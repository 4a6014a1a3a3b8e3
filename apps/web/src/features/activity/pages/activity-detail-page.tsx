import type { ActivityDetail, ActivityTask, TaskKind } from '@ld/contract/activities';
import { useParams } from 'react-router';
import { useLoginHref } from '../../../shared/hooks/use-go-to-login';
import { isNotFound } from '../../../shared/http/client';
import { CURRENCY_NAME } from '../../../shared/lib/brand';
import type { FirstDataArgs, FirstQuery } from '../../../shared/lib/first-queries';
import { useIsLoggedIn } from '../../../shared/stores/account';
import { Image } from '../../../shared/ui/image';
import { Link } from '../../../shared/ui/link';
import { SafeHtml } from '../../../shared/ui/safe-html';
import { ErrorState, Loading, NotThere } from '../../../shared/ui/states';
import { toast } from '../../../shared/ui/toast-store';
import { activityQuery, useActivity, useClaimTask } from '../api/activities';
import { windowText } from './format';
import './activity.css';

/** Where a task is done; invites have no page of their own here. */
const TASK_LINK: Partial<Record<TaskKind, string>> = {
  checkin: '/checkin',
  read: '/novels',
  post: '/postpage',
  recharge: '/recharge',
};

function TaskRow({ activity, task }: { activity: ActivityDetail; task: ActivityTask }) {
  const loggedIn = useIsLoggedIn();
  const loginHref = useLoginHref();
  const claim = useClaimTask();
  const percent = Math.round((task.progress / task.target) * 100);
  let action: React.ReactNode;
  if (task.claimed) {
    action = (
      <button type="button" className="task-row__action is-claimed" disabled>
        已领取
      </button>
    );
  } else if (activity.status !== 'ongoing') {
    action = (
      <button type="button" className="task-row__action is-off" disabled>
        {activity.status === 'upcoming' ? '未开始' : '已结束'}
      </button>
    );
  } else if (!loggedIn) {
    action = (
      <Link to={loginHref} className="task-row__action">
        登录后领取
      </Link>
    );
  } else if (task.claimable) {
    action = (
      <button
        type="button"
        className="task-row__action is-claim"
        disabled={claim.isPending}
        onClick={() =>
          claim.mutate(
            { id: activity.id, taskId: task.id },
            { onSuccess: (a) => toast.success(`领取成功，${CURRENCY_NAME} +${a.reward}`) },
          )
        }
      >
        领取
      </button>
    );
  } else {
    const to = TASK_LINK[task.kind];
    action = to ? (
      <Link to={to} className="task-row__action is-go">
        去完成
      </Link>
    ) : (
      <span className="task-row__action is-off">未完成</span>
    );
  }
  return (
    <li className="task-row">
      <div className="task-row__main">
        <span className="task-row__title">{task.title}</span>
        <span className="task-row__reward">
          +{task.reward} {CURRENCY_NAME}
        </span>
        <div
          className="task-row__bar"
          role="progressbar"
          aria-label={`${task.title}进度`}
          aria-valuemin={0}
          aria-valuemax={task.target}
          aria-valuenow={task.progress}
        >
          <span style={{ width: `${percent}%` }} />
        </div>
        <span className="task-row__progress">
          {task.progress}/{task.target}
        </span>
      </div>
      {action}
    </li>
  );
}

/** The first screen: the activity with its tasks (a guest's: no progress). */
export const firstQueries = ({ params, uid }: FirstDataArgs): FirstQuery[] => {
  const id = Number(params.id);
  return Number.isSafeInteger(id) && id > 0 ? [activityQuery(id, uid)] : [];
};

/** One activity: banner, time window, tasks with the server's progress and 领取, and the rules. */
export default function ActivityDetailPage() {
  const id = Number(useParams().id);
  const query = useActivity(id);
  if (!Number.isSafeInteger(id) || id <= 0 || (query.isError && isNotFound(query.error)))
    return <NotThere text="活动不存在或已下架" to="/activity" label="去看看其他活动" />;
  if (query.isPending) return <Loading />;
  if (query.isError) return <ErrorState onRetry={() => void query.refetch()} />;
  const activity = query.data;
  return (
    <div className="activity-detail">
      <Image
        src={activity.banner}
        alt={activity.title}
        className="activity-detail__banner"
        width={375}
        height={211}
        displayWidth={375}
        priority
      />
      <section className="activity-detail__head">
        <h1 className="activity-detail__title">
          {activity.title}
          <span className={`activity-badge is-${activity.status}`}>{activity.statusText}</span>
        </h1>
        <p className="activity-detail__summary">{activity.summary}</p>
        <p className="activity-detail__time">活动时间：{windowText(activity.startTime, activity.endTime)}</p>
      </section>
      <section className="activity-detail__card" aria-labelledby="activity-tasks-title">
        <h2 id="activity-tasks-title">活动任务</h2>
        <ul className="task-list">
          {activity.tasks.map((task) => (
            <TaskRow key={task.id} activity={activity} task={task} />
          ))}
        </ul>
      </section>
      <section className="activity-detail__card" aria-labelledby="activity-rules-title">
        <h2 id="activity-rules-title">活动规则</h2>
        <SafeHtml html={activity.rulesHtml} className="activity-rules" />
      </section>
    </div>
  );
}
