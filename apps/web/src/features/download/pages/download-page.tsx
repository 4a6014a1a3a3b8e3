import { ConfigKey } from '@ld/contract/defaults';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useClientConfig } from '../../../shared/api/get-client-config';
import { useHydrated } from '../../../shared/hooks/use-hydrated';
import { APP_TITLE, BRAND_PREFIX, CURRENCY_NAME } from '../../../shared/lib/brand';
import { ErrorState, Loading } from '../../../shared/ui/states';
import { recordDownloadVisit } from '../api/record-download-visit';
import { detectPlatform, visitFromSearch } from '../lib/detect-platform';
import './download-page.css';

const FEATURES = [
  {
    title: '海量游戏',
    text: '热门手游一键下载，会员付费游戏免费下',
    colour: '#3d8bfd',
    icon: 'M10 11h12a5 5 0 0 1 5 5v2a3.5 3.5 0 0 1-6.3 2.1L19.5 19h-7l-1.2 1.1A3.5 3.5 0 0 1 5 18v-2a5 5 0 0 1 5-5zM11 14v4M9 16h4M20.5 15.5h.01M23 17h.01',
  },
  {
    title: '免费礼包',
    text: '每日上新礼包码，领取后复制即可兑换',
    colour: '#f0524f',
    icon: 'M8 14h16v12H8zM6 10h20v4H6zM16 10v16',
  },
  {
    title: '动漫小说',
    text: '动漫、漫画与小说，阅读进度多端同步',
    colour: '#8a4dff',
    icon: 'M7 8h8a3 3 0 0 1 3 3v15a3 3 0 0 0-3-3H7zM25 8h-4a3 3 0 0 0-3 3',
  },
  {
    title: '社区广场',
    text: '和玩家一起聊游戏、晒成就、找队友',
    colour: '#16a35c',
    icon: 'M7 9h18v11H14l-5 4v-4H7z',
  },
];

/** App Store links install without the enterprise-certificate trust step. */
const isAppStore = (url: string) => /^https:\/\/(apps|itunes)\.apple\.com\//.test(url);

function FeatureIcon({ path, colour }: { path: string; colour: string }) {
  return (
    <svg width="2.5rem" height="2.5rem" viewBox="0 0 32 32" aria-hidden="true">
      <rect width="32" height="32" rx="10" fill={colour} opacity=".12" />
      <path
        d={path}
        fill="none"
        stroke={colour}
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * The portal's own app: install buttons for this phone's platform (both elsewhere) and what the app
 * offers. The server renders the page without the buttons (it does not know the phone): they
 * follow once hydrated, in the place the spinner kept for them (docs/decisions/0050).
 */
export default function DownloadPage() {
  const config = useClientConfig();
  const { search } = useLocation();
  const recorded = useRef(false);
  const hydrated = useHydrated();
  const platform = hydrated ? detectPlatform(navigator.userAgent, navigator.maxTouchPoints) : null;

  // Counted once per visit of the page, with the channel and invite code it was opened with.
  useEffect(() => {
    if (recorded.current) return;
    recorded.current = true;
    void recordDownloadVisit(visitFromSearch(search)).catch((error) =>
      console.info('download visit not recorded', error),
    );
  }, [search]);

  const iosUrl = config.data?.[ConfigKey.bundleUrl] ?? '';
  const androidUrl = config.data?.[ConfigKey.packageUrl] ?? '';
  const links = [
    { key: 'ios', label: 'iOS 立即下载', url: iosUrl },
    { key: 'android', label: '安卓 立即下载', url: androidUrl },
  ].filter((l) => l.url && (platform === 'other' || l.key === platform));

  let actions: React.ReactNode;
  if (config.isPending || platform === null) actions = <Loading />;
  else if (config.isError) actions = <ErrorState text="下载地址加载失败" onRetry={() => config.refetch()} />;
  else if (links.length === 0)
    actions = (
      <p className="download__none">
        {platform === 'other'
          ? '安装包正在准备中，请稍后再来下载'
          : `暂未提供${platform === 'ios' ? 'iOS' : '安卓'}版安装包，请稍后再来或使用网页版`}
      </p>
    );
  else
    actions = links.map((l) => (
      <a
        key={l.key}
        href={l.url}
        className={`btn btn--primary btn--block download__btn download__btn--${l.key}`}
        rel="noopener"
      >
        {l.label}
      </a>
    ));

  return (
    <div className="download">
      <section className="download__hero">
        <img
          className="download__logo"
          src={`${BRAND_PREFIX}/logo.svg`}
          alt={`${APP_TITLE}图标`}
          width={88}
          height={88}
        />
        <h2>{APP_TITLE}</h2>
        <p>游戏 · 动漫 · 小说 · 社区，{CURRENCY_NAME}福利天天领</p>
        <div className="download__actions">{actions}</div>
        {platform === 'ios' && links.length > 0 && !isAppStore(iosUrl) && (
          <p className="download__tip">
            安装后如提示“未受信任的开发者”，请到 设置 → 通用 → VPN与设备管理 中信任
          </p>
        )}
      </section>
      <section className="download__features" aria-label="应用特色">
        {FEATURES.map((f) => (
          <div key={f.title} className="download__feature">
            <FeatureIcon path={f.icon} colour={f.colour} />
            <div>
              <h3>{f.title}</h3>
              <p>{f.text}</p>
            </div>
          </div>
        ))}
      </section>
    </div>
  );
}
