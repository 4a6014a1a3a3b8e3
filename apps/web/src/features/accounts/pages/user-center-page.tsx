import { useUserStatus } from '../../../shared/api/get-user-status';
import { copyText } from '../../../shared/lib/copy-text';
import { Link } from '../../../shared/ui/link';
import { ErrorState, Loading } from '../../../shared/ui/states';
import { AvatarUploader } from '../components/avatar-uploader';
import { ProfileForm } from '../components/profile-form';
import '../components/form.css';
import '../components/user-center.css';

/** 个人中心: avatar, account facts (login name, phone, invite code) and the editable profile. */
export default function UserCenterPage() {
  const status = useUserStatus();
  if (status.isPending) return <Loading />;
  if (status.isError) return <ErrorState onRetry={() => status.refetch()} />;
  const user = status.data;

  return (
    <div className="acc-page uc">
      <section className="uc-card uc-head">
        <AvatarUploader src={user.avatar} name={user.name} />
        <div className="uc-head__name">{user.name}</div>
      </section>

      <section className="uc-card" aria-label="账号信息">
        <h2 className="uc-card__title">账号信息</h2>
        <dl className="uc-facts">
          <div className="uc-facts__row">
            <dt>用户名</dt>
            <dd>{user.loginName}</dd>
          </div>
          <div className="uc-facts__row">
            <dt>UID</dt>
            <dd>{user.uid}</dd>
          </div>
          <div className="uc-facts__row">
            <dt>手机号</dt>
            <dd>
              {user.phone ? (
                user.phone
              ) : (
                <>
                  <span className="uc-facts__muted">未绑定</span>
                  <Link to="/bind" className="uc-facts__action">
                    绑定手机
                  </Link>
                </>
              )}
            </dd>
          </div>
          <div className="uc-facts__row">
            <dt>邀请码</dt>
            <dd>
              <span className="uc-facts__code">{user.inviteCode}</span>
              <button
                type="button"
                className="uc-facts__action"
                onClick={() => void copyText(user.inviteCode)}
              >
                复制
              </button>
            </dd>
          </div>
        </dl>
      </section>

      <ProfileForm key={`${user.name}|${user.sex}|${user.age}`} status={user} />
    </div>
  );
}
