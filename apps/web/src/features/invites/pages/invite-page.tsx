import { DEFAULT_USER_NAME, INVITE_REWARD } from '@ld/contract/defaults';
import type { InviteRecord } from '@ld/contract/invites';
import { formatDateTime } from '@ld/contract/relative-time';
import { useState } from 'react';
import { APP_TITLE, CURRENCY_NAME } from '../../../shared/lib/brand';
import { copyText } from '../../../shared/lib/copy-text';
import { useAccountStore } from '../../../shared/stores/account';
import { Avatar } from '../../../shared/ui/avatar';
import { PagedList } from '../../../shared/ui/paged-list';
import { ErrorState, Loading } from '../../../shared/ui/states';
import { useInviteMe } from '../api/get-invite-me';
import { useInviteRecords } from '../api/get-invite-records';
import { InvitePoster } from '../components/invite-poster';
import './invite-page.css';

const canShareLink = () => typeof navigator.share === 'function';

async function shareLink(link: string) {
  try {
    await navigator.share({
      title: `${APP_TITLE} · 邀请好友`,
      text: `我在${APP_TITLE}玩游戏、看动漫、读小说，一起来吧！`,
      url: link,
    });
  } catch (error) {
    // AbortError: the person closed the share sheet.
    if ((error as Error).name !== 'AbortError') console.warn('sharing the invite link failed', error);
  }
}

function InviteCard() {
  const me = useInviteMe();
  // The poster names the inviter as friends know them: the chosen name, else the login name.
  const name = useAccountStore((s) =>
    s.account.name === DEFAULT_USER_NAME && s.account.loginName ? s.account.loginName : s.account.name,
  );
  const [isPosterOpen, setIsPosterOpen] = useState(false);

  if (me.isPending) return <Loading />;
  if (me.isError) return <ErrorState text="邀请信息加载失败，请重试" onRetry={() => void me.refetch()} />;
  const { code, link, invitedCount, rewardTotal } = me.data;
  return (
    <>
      <section className="invite-hero" aria-labelledby="invite-hero-title">
        <h2 id="invite-hero-title" className="invite-hero__title">
          邀请好友，每人得 {INVITE_REWARD} {CURRENCY_NAME}
        </h2>
        <p className="invite-hero__sub">好友打开你的链接或扫描海报注册，奖励自动到账</p>
        <dl className="invite-hero__stats">
          <div>
            <dt>成功邀请</dt>
            <dd>
              {invitedCount}
              <small>人</small>
            </dd>
          </div>
          <div>
            <dt>累计获得</dt>
            <dd>
              {rewardTotal}
              <small>{CURRENCY_NAME}</small>
            </dd>
          </div>
        </dl>
      </section>

      <section className="invite-card" aria-label="我的邀请码">
        <div className="invite-card__row">
          <span className="invite-card__label">我的邀请码</span>
          <strong className="invite-card__code">{code}</strong>
          <button type="button" className="invite-card__copy" onClick={() => void copyText(code)}>
            复制邀请码
          </button>
        </div>
        <p className="invite-card__link">{link}</p>
        <div className="invite-card__actions">
          <button type="button" className="btn btn--primary" onClick={() => void copyText(link)}>
            复制链接
          </button>
          <button type="button" className="btn btn--ghost" onClick={() => setIsPosterOpen(true)}>
            生成海报
          </button>
          {canShareLink() && (
            <button type="button" className="btn btn--ghost" onClick={() => void shareLink(link)}>
              分享
            </button>
          )}
        </div>
      </section>
      <InvitePoster
        open={isPosterOpen}
        onClose={() => setIsPosterOpen(false)}
        link={link}
        code={code}
        inviterName={name}
      />
    </>
  );
}

function RecordRow({ record }: { record: InviteRecord }) {
  const isPaid = record.status === 'paid';
  return (
    <div className="invite-row">
      <Avatar src={record.avatar} name={record.name} size={40} />
      <div className="invite-row__main">
        <span className="invite-row__name">{record.name}</span>
        <time className="invite-row__time" dateTime={record.joinTime}>
          {formatDateTime(record.joinTime)} 注册
        </time>
      </div>
      <div className="invite-row__side">
        <span className={`invite-row__reward${isPaid ? ' is-paid' : ''}`}>
          {isPaid ? `+${record.reward} ${CURRENCY_NAME}` : `0 ${CURRENCY_NAME}`}
        </span>
        <span className="invite-row__status">{record.statusText}</span>
      </div>
    </div>
  );
}

/** 邀请好友: my code and link (copy, poster, share sheet), what invites paid, and 我的邀请. */
export default function InvitePage() {
  const records = useInviteRecords();
  return (
    <div className="invite-page">
      <InviteCard />
      <section className="invite-records" aria-labelledby="invite-records-title">
        <h2 id="invite-records-title" className="invite-records__title">
          我的邀请
        </h2>
        <PagedList
          query={records}
          pullToRefresh={false}
          itemKey={(r) => r.id}
          renderItem={(r) => <RecordRow record={r} />}
          emptyText="还没有好友通过你的邀请注册，复制链接或生成海报发给好友吧"
        />
      </section>
      <section className="invite-rules" aria-labelledby="invite-rules-title">
        <h2 id="invite-rules-title" className="invite-rules__title">
          邀请规则
        </h2>
        <ol>
          <li>
            好友通过你的邀请链接、海报或填写你的邀请码注册新账号，你获得 {INVITE_REWARD} {CURRENCY_NAME}。
          </li>
          <li>每位新好友、每台设备只奖励一次；同一设备再注册的账号、用自己设备注册的账号不发奖励。</li>
          <li>
            奖励直接存入你的{CURRENCY_NAME}余额，可在「{CURRENCY_NAME}充值 · 收支明细」查看。
          </li>
        </ol>
      </section>
    </div>
  );
}
