import type { CheckinStatus } from '@ld/contract/checkin';
import { ErrorCode } from '@ld/contract/codes';
import { useState } from 'react';
import { useLoginHref } from '../../../shared/hooks/use-go-to-login';
import { ApiError } from '../../../shared/http/client';
import { CURRENCY_NAME } from '../../../shared/lib/brand';
import type { FirstDataArgs, FirstQuery } from '../../../shared/lib/first-queries';
import { useIsLoggedIn } from '../../../shared/stores/account';
import { Link } from '../../../shared/ui/link';
import { LowBalanceDialog } from '../../../shared/ui/low-balance-dialog';
import { ErrorState, Loading } from '../../../shared/ui/states';
import { toast } from '../../../shared/ui/toast-store';
import { checkinStatusQuery, useCheckIn, useCheckinStatus } from '../api/checkin';
import './checkin-page.css';

const WEEKDAYS = ['一', '二', '三', '四', '五', '六', '日'];

/** 11月24日 from 2026-11-24. */
const monthDay = (date: string) => `${Number(date.slice(5, 7))}月${Number(date.slice(8, 10))}日`;

function shiftMonth(month: string, by: number): string {
  const [y, m] = month.split('-').map(Number);
  const d = new Date(Date.UTC(y, m - 1 + by, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

// The diamond of the home page's 充值 entry (shared/icons/entry-icons.tsx), drawn here so that
// module stays in the home page's chunk: a first visit to home then loads one file less.
function DiamondIcon() {
  return (
    <svg
      width="1.5rem"
      height="1.5rem"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d="M7 4.5h10l3.5 5L12 20 3.5 9.5z" />
      <path d="M3.5 9.5h17M9.5 4.5 8 9.5l4 10.5 4-10.5-1.5-5" />
    </svg>
  );
}

function Tick() {
  return (
    <svg className="checkin-day__tick" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
      <circle cx="8" cy="8" r="8" fill="currentColor" />
      <path d="m4.5 8.2 2.3 2.3 4.7-4.9" fill="none" stroke="#fff" strokeWidth="1.8" strokeLinecap="round" />
    </svg>
  );
}

/** The 7-day cycle: today highlighted, done days ticked, missed days that can be made up offer 补签. */
function CycleRow({
  status,
  onMakeup,
  busy,
}: {
  status: CheckinStatus;
  onMakeup: (date: string) => void;
  busy: boolean;
}) {
  const missed = new Set(status.makeup.dates);
  return (
    <ol className="checkin-cycle" aria-label="七天签到奖励">
      {status.cycle.map((d) => {
        const canMakeup = d.date !== null && missed.has(d.date);
        const state = d.done ? '已签' : canMakeup ? '漏签' : d.today ? '今天' : '';
        return (
          <li
            key={d.day}
            className={`checkin-day${d.done ? ' is-done' : ''}${d.today ? ' is-today' : ''}${canMakeup ? ' is-missed' : ''}`}
            aria-current={d.today ? 'date' : undefined}
          >
            <span className="checkin-day__name">第{d.day}天</span>
            <span className="checkin-day__icon">{d.done ? <Tick /> : <DiamondIcon />}</span>
            <span className="checkin-day__reward">+{d.reward}</span>
            {state && <span className="checkin-sr">{state}</span>}
            {canMakeup && d.date && (
              <button
                type="button"
                className="checkin-day__makeup"
                disabled={busy}
                onClick={() => onMakeup(d.date as string)}
              >
                补签
              </button>
            )}
          </li>
        );
      })}
    </ol>
  );
}

function MonthCalendar({ status, onMonth }: { status: CheckinStatus; onMonth: (month: string) => void }) {
  const [y, m] = status.month.split('-').map(Number);
  const first = new Date(Date.UTC(y, m - 1, 1));
  const length = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const lead = (first.getUTCDay() + 6) % 7; // Monday first
  const checked = new Set(status.days);
  const thisMonth = status.date.slice(0, 7);
  const cells: Array<string | null> = [
    ...Array.from({ length: lead }, () => null),
    ...Array.from({ length }, (_, i) => `${status.month}-${String(i + 1).padStart(2, '0')}`),
  ];
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks = Array.from({ length: cells.length / 7 }, (_, r) => cells.slice(r * 7, r * 7 + 7));
  return (
    <section className="checkin-card checkin-month" aria-labelledby="checkin-month-title">
      <div className="checkin-month__head">
        <button
          type="button"
          className="checkin-month__nav"
          aria-label="上个月"
          onClick={() => onMonth(shiftMonth(status.month, -1))}
        >
          ‹
        </button>
        <h2 id="checkin-month-title">
          {y}年{m}月 · 已签 {status.days.length} 天
        </h2>
        <button
          type="button"
          className="checkin-month__nav"
          aria-label="下个月"
          disabled={status.month >= thisMonth}
          onClick={() => onMonth(shiftMonth(status.month, 1))}
        >
          ›
        </button>
      </div>
      <table className="checkin-month__grid">
        <caption className="checkin-sr">
          {y}年{m}月签到日历
        </caption>
        <thead>
          <tr className="checkin-month__row">
            {WEEKDAYS.map((w) => (
              <th key={w} scope="col" className="checkin-month__weekday">
                {w}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week.find((d) => d !== null) ?? 'blank'} className="checkin-month__row">
              {week.map((date, i) =>
                date ? (
                  <td
                    key={date}
                    className={`checkin-month__day${checked.has(date) ? ' is-checked' : ''}${date === status.date ? ' is-today' : ''}`}
                  >
                    <span className="checkin-month__num">{Number(date.slice(8))}</span>
                    {checked.has(date) && <span className="checkin-sr">已签到</span>}
                  </td>
                ) : (
                  // biome-ignore lint/suspicious/noArrayIndexKey: blank cells are positions
                  <td key={`blank-${i}`} className="checkin-month__day is-blank" />
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** The first screen: this month's status (a guest's: the reward cycle and the calendar, nothing checked). */
export const firstQueries = ({ uid }: FirstDataArgs): FirstQuery[] => [checkinStatusQuery(uid, '')];

/** 签到: today's check-in, the 7-day reward cycle, 补签 and the month's calendar. */
export default function CheckinPage() {
  const [month, setMonth] = useState('');
  const query = useCheckinStatus(month);
  const loggedIn = useIsLoggedIn();
  const loginHref = useLoginHref();
  const checkIn = useCheckIn();
  const [lowBalance, setLowBalance] = useState(false);

  if (query.isPending) return <Loading />;
  if (query.isError) return <ErrorState onRetry={() => void query.refetch()} />;
  const status = query.data;
  const todayDay = status.cycle.find((d) => d.today);
  const missed = status.makeup.dates;
  // With missed days not made up, a check-in now starts the cycle again at day 1.
  const nextReward = missed.length > 0 ? status.cycle[0].reward : (todayDay?.reward ?? 0);

  const submit = (date?: string) =>
    checkIn.mutate(date, {
      onSuccess: (answer) => {
        if (answer.cost > 0) toast.success(`已补签${monthDay(answer.date)}，连续签到 ${answer.streak} 天`);
        else toast.success(`签到成功，${CURRENCY_NAME} +${answer.reward}`);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.code === ErrorCode.balanceInsufficient) setLowBalance(true);
      },
    });

  return (
    <div className="checkin-page">
      <section className="checkin-hero" aria-labelledby="checkin-streak">
        <p id="checkin-streak" className="checkin-hero__streak">
          {loggedIn ? (
            <>
              已连续签到 <strong>{status.streak}</strong> 天
            </>
          ) : (
            `每日签到领${CURRENCY_NAME}`
          )}
        </p>
        <p className="checkin-hero__hint">
          {status.today
            ? `今日已签到，明天再来领取${CURRENCY_NAME}`
            : `今日签到可得 ${nextReward} ${CURRENCY_NAME}，连续 7 天奖励更多`}
        </p>
        {!loggedIn ? (
          <Link to={loginHref} className="btn checkin-hero__button">
            登录后签到
          </Link>
        ) : (
          <button
            type="button"
            className="btn checkin-hero__button"
            disabled={status.today || checkIn.isPending}
            onClick={() => submit()}
          >
            {status.today ? '今日已签到' : checkIn.isPending ? '签到中…' : '签到'}
          </button>
        )}
      </section>

      <section className="checkin-card" aria-labelledby="checkin-cycle-title">
        <h2 id="checkin-cycle-title" className="checkin-card__title">
          七日签到奖励
        </h2>
        <CycleRow status={status} onMakeup={(date) => submit(date)} busy={checkIn.isPending} />
        {loggedIn && missed.length > 0 && !status.today && (
          <p className="checkin-card__note" role="note">
            漏签 {missed.length} 天：补签每次 {status.makeup.price} {CURRENCY_NAME}，本轮还可补签{' '}
            {status.makeup.limit - status.makeup.used} 次，请先补签{monthDay(missed[0])}。不补签直接签到将从第
            1 天重新开始。
          </p>
        )}
        <p className="checkin-card__rule">
          每天可签到一次（北京时间零点刷新），连续签到 7 天为一轮；中断后从第 1
          天重新开始。本轮漏签的日期可补签，每轮最多 {status.makeup.limit} 次。
        </p>
      </section>

      {loggedIn && <MonthCalendar status={status} onMonth={setMonth} />}

      {lowBalance && <LowBalanceDialog onClose={() => setLowBalance(false)} />}
    </div>
  );
}
