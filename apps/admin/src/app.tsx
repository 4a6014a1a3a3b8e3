import '@ant-design/v5-patch-for-react-19';
import type { AdminArea } from '@ld/contract/admin/roles';
import { canUse } from '@ld/contract/admin/roles';
import { ThemedLayout, ThemedSider, useNotificationProvider } from '@refinedev/antd';
import { CanAccess, Refine } from '@refinedev/core';
import routerProvider, { DocumentTitleHandler, UnsavedChangesNotifier } from '@refinedev/react-router';
import { App as AntdApp, ConfigProvider, type ThemeConfig } from 'antd';
// The ES module: the package's `antd/locale/zh_CN` is CommonJS, whose default arrives wrapped.
import zhCN from 'antd/es/locale/zh_CN';
import { type ComponentProps, Suspense, useMemo } from 'react';
import { BrowserRouter, Navigate, Outlet, Route, Routes, useLocation } from 'react-router';
import { Header } from './layout/header';
import { SignedIn } from './layout/signed-in';
import { Title } from './layout/title';
import { LoginPage } from './pages/login/login-page';
import { TotpPage } from './pages/login/totp-page';
import { accessControlProvider } from './providers/access-control';
import { authProvider } from './providers/auth-provider';
import { dataProvider } from './providers/data-provider';
import { i18nProvider } from './providers/i18n-provider';
import { resources } from './resources';
import { siteRoutes } from './resources/site-routes';
import { ForbiddenPage, NotFoundPage } from './shared/error-pages';
import { lazyPage, PageBoundary, PageLoading } from './shared/lazy-page';
import { useReducedMotion } from './shared/use-reduced-motion';
import { useSession } from './shared/use-session';

// Every page but the login steps is loaded when first opened (shared/lazy-page.tsx).
const AccountPage = lazyPage(() => import('./pages/account/account-page'), 'AccountPage');
const EnrolPage = lazyPage(() => import('./pages/login/enrol-page'), 'EnrolPage');
const AuditList = lazyPage(() => import('./resources/audit/list'), 'AuditList');
const BroadcastCreate = lazyPage(() => import('./resources/broadcasts/create'), 'BroadcastCreate');
const BroadcastList = lazyPage(() => import('./resources/broadcasts/list'), 'BroadcastList');
const BulletinCreate = lazyPage(() => import('./resources/bulletins/create'), 'BulletinCreate');
const BulletinEdit = lazyPage(() => import('./resources/bulletins/edit'), 'BulletinEdit');
const BulletinList = lazyPage(() => import('./resources/bulletins/list'), 'BulletinList');
const BulletinShow = lazyPage(() => import('./resources/bulletins/show'), 'BulletinShow');
const ComicCreate = lazyPage(() => import('./resources/comics/pages'), 'ComicCreate');
const ComicEdit = lazyPage(() => import('./resources/comics/pages'), 'ComicEdit');
const ComicList = lazyPage(() => import('./resources/comics/pages'), 'ComicList');
const GameCreate = lazyPage(() => import('./resources/games/create'), 'GameCreate');
const GameEdit = lazyPage(() => import('./resources/games/edit'), 'GameEdit');
const GameList = lazyPage(() => import('./resources/games/list'), 'GameList');
const GiftPackCreate = lazyPage(() => import('./resources/gift-packs/create'), 'GiftPackCreate');
const GiftPackEdit = lazyPage(() => import('./resources/gift-packs/edit'), 'GiftPackEdit');
const GiftPackList = lazyPage(() => import('./resources/gift-packs/list'), 'GiftPackList');
const KefuList = lazyPage(() => import('./resources/kefu/list'), 'KefuList');
const KefuShow = lazyPage(() => import('./resources/kefu/show'), 'KefuShow');
const CommentModerationList = lazyPage(
  () => import('./resources/moderation/comments'),
  'CommentModerationList',
);
const PostModerationList = lazyPage(() => import('./resources/moderation/posts'), 'PostModerationList');
const UserModerationList = lazyPage(() => import('./resources/moderation/users'), 'UserModerationList');
const OrderList = lazyPage(() => import('./resources/money/order-list'), 'OrderList');
const VipOrderList = lazyPage(() => import('./resources/money/vip-order-list'), 'VipOrderList');
const WalletSearch = lazyPage(() => import('./resources/money/wallet-search'), 'WalletSearch');
const WalletShow = lazyPage(() => import('./resources/money/wallet-show'), 'WalletShow');
const NovelImport = lazyPage(() => import('./resources/novels/import'), 'NovelImport');
const NovelCreate = lazyPage(() => import('./resources/novels/pages'), 'NovelCreate');
const NovelEdit = lazyPage(() => import('./resources/novels/pages'), 'NovelEdit');
const NovelList = lazyPage(() => import('./resources/novels/pages'), 'NovelList');
const OperatorList = lazyPage(() => import('./resources/operators/list'), 'OperatorList');
const ChannelReportPage = lazyPage(() => import('./resources/reports/channel-report'), 'ChannelReportPage');
const VideoEdit = lazyPage(() => import('./resources/videos/edit'), 'VideoEdit');
const VideoList = lazyPage(() => import('./resources/videos/list'), 'VideoList');

/**
 * antd's default blue, red and greys fall short of WCAG AA contrast (4.5:1) on white and on their
 * own light backgrounds; these darker seeds keep antd's look and pass (axe in the e2e suite).
 */
const theme: ThemeConfig = {
  token: {
    colorPrimary: '#0958d9',
    colorInfo: '#0958d9',
    colorLink: '#0958d9',
    // Hover states stay readable too (the pointer often rests on the next step's link).
    colorLinkHover: '#003eb3',
    colorPrimaryHover: '#003eb3',
    colorPrimaryTextHover: '#003eb3',
    colorError: '#cf1322',
    colorSuccess: '#237804',
    colorWarning: '#ad4e00',
    // The light backgrounds (tags, alerts) stay antd's own; derived from the darker seeds they turn grey.
    colorSuccessBg: '#f6ffed',
    colorSuccessBorder: '#b7eb8f',
    colorErrorBg: '#fff1f0',
    colorErrorBorder: '#ffa39e',
    colorWarningBg: '#fff7e6',
    colorWarningBorder: '#ffd591',
    colorInfoBg: '#e6f4ff',
    colorInfoBorder: '#91caff',
    colorTextSecondary: '#595959',
    colorTextTertiary: '#595959',
    colorTextDescription: '#595959',
  },
};

/** Home: the first page the role may use (the server would refuse the others). */
function Home() {
  const role = useSession()?.operator.role;
  const first = resources.find(
    (r) => role && typeof r.list === 'string' && canUse(role, r.meta?.area as AdminArea),
  );
  return <Navigate to={typeof first?.list === 'string' ? first.list : '/account'} replace />;
}

type SiderProps = ComponentProps<typeof ThemedSider>;

/**
 * The sider menu: the resources the role can use, without refine's 退出登录 (the header has it).
 * A component of its own, never an arrow made while the frame renders: that arrow was a new
 * component type at every navigation, a list writing its page or sort into the address included,
 * so React mounted the whole menu anew, and a click on it that landed meanwhile went nowhere.
 */
function ConsoleSider(props: SiderProps) {
  // Fixed: the menu stays beside a long list scrolled down, and scrolls on its own.
  return <ThemedSider {...props} fixed render={({ items }) => items} />;
}

/** The signed-in frame: sider menu (only what the role can use), header, and a 403 for pages the role may not open. */
function ConsoleLayout() {
  const { pathname } = useLocation();
  return (
    <SignedIn>
      <ThemedLayout Header={Header} Title={Title} Sider={ConsoleSider}>
        <CanAccess fallback={<ForbiddenPage />}>
          <PageBoundary resetKey={pathname}>
            <Suspense fallback={<PageLoading />}>
              <Outlet />
            </Suspense>
          </PageBoundary>
        </CanAccess>
      </ThemedLayout>
    </SignedIn>
  );
}

/**
 * The operator console (docs/decisions/0048-operator-console.md): refine over antd 5 in Chinese,
 * with one data provider for the admin API, the operators' login, and the role rules.
 */
export function App() {
  const reducedMotion = useReducedMotion();
  const themed = useMemo<ThemeConfig>(
    () => ({ ...theme, token: { ...theme.token, motion: !reducedMotion } }),
    [reducedMotion],
  );
  return (
    // Navigations are not transitions: a page opened from the menu for the first time shows the
    // frame's spinner (PageLoading) at once, with its menu item chosen, while its code arrives;
    // in a transition the page before it would stay on screen with nothing to say a click was taken.
    <BrowserRouter basename="/admin" useTransitions={false}>
      <ConfigProvider locale={zhCN} theme={themed} button={{ autoInsertSpace: false }}>
        {/* Notifications at the bottom: at the top right they cover the header's 退出登录 while they last. */}
        <AntdApp notification={{ placement: 'bottomRight' }}>
          <Refine
            routerProvider={routerProvider}
            dataProvider={dataProvider}
            authProvider={authProvider}
            accessControlProvider={accessControlProvider}
            i18nProvider={i18nProvider}
            notificationProvider={useNotificationProvider}
            resources={resources}
            options={{
              syncWithLocation: true,
              warnWhenUnsavedChanges: true,
              disableTelemetry: true,
              title: { text: '蓝钻乐园 管理后台' },
            }}
          >
            <Routes>
              <Route element={<ConsoleLayout />}>
                <Route index element={<Home />} />
                <Route path="/bulletins">
                  <Route index element={<BulletinList />} />
                  <Route path="create" element={<BulletinCreate />} />
                  <Route path="edit/:id" element={<BulletinEdit />} />
                  <Route path="show/:id" element={<BulletinShow />} />
                </Route>
                <Route path="/games">
                  <Route index element={<GameList />} />
                  <Route path="create" element={<GameCreate />} />
                  <Route path="edit/:id" element={<GameEdit />} />
                </Route>
                <Route path="/gift-packs">
                  <Route index element={<GiftPackList />} />
                  <Route path="create" element={<GiftPackCreate />} />
                  <Route path="edit/:id" element={<GiftPackEdit />} />
                </Route>
                <Route path="/videos">
                  <Route index element={<VideoList />} />
                  <Route path="edit/:id" element={<VideoEdit />} />
                </Route>
                {/* admin-site (issue 20 §3) */}
                {siteRoutes}
                <Route path="/novels">
                  <Route index element={<NovelList />} />
                  <Route path="create" element={<NovelCreate />} />
                  <Route path="edit/:id" element={<NovelEdit />} />
                  <Route path="import/:id" element={<NovelImport />} />
                </Route>
                <Route path="/comics">
                  <Route index element={<ComicList />} />
                  <Route path="create" element={<ComicCreate />} />
                  <Route path="edit/:id" element={<ComicEdit />} />
                </Route>
                {/* Operations (admin-ops) */}
                <Route path="/moderation/posts" element={<PostModerationList />} />
                <Route path="/moderation/comments" element={<CommentModerationList />} />
                <Route path="/moderation/users" element={<UserModerationList />} />
                <Route path="/kefu">
                  <Route index element={<KefuList />} />
                  <Route path="show/:id" element={<KefuShow />} />
                </Route>
                <Route path="/broadcasts">
                  <Route index element={<BroadcastList />} />
                  <Route path="create" element={<BroadcastCreate />} />
                </Route>
                <Route path="/operators" element={<OperatorList />} />
                <Route path="/orders" element={<OrderList />} />
                <Route path="/vip-orders" element={<VipOrderList />} />
                <Route path="/wallets">
                  <Route index element={<WalletSearch />} />
                  <Route path="show/:id" element={<WalletShow />} />
                </Route>
                <Route path="/reports" element={<ChannelReportPage />} />
                <Route path="/audit" element={<AuditList />} />
                <Route path="/account" element={<AccountPage />} />
                <Route path="*" element={<NotFoundPage />} />
              </Route>
              <Route path="/login" element={<LoginPage />} />
              <Route path="/login/totp" element={<TotpPage />} />
              <Route
                path="/enrol"
                element={
                  <Suspense fallback={<PageLoading />}>
                    <EnrolPage />
                  </Suspense>
                }
              />
            </Routes>
            <UnsavedChangesNotifier />
            <DocumentTitleHandler
              handler={({ resource, action }) => {
                const label = resource?.meta?.label;
                const suffix =
                  action === 'create' ? '新建' : action === 'edit' ? '编辑' : action === 'show' ? '详情' : '';
                return label
                  ? `${label}${suffix ? ` ${suffix}` : ''} | 蓝钻乐园 管理后台`
                  : '蓝钻乐园 管理后台';
              }}
            />
          </Refine>
        </AntdApp>
      </ConfigProvider>
    </BrowserRouter>
  );
}
