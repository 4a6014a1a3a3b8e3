import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useToastStore } from '../../../shared/ui/toast-store';
import { fail, fakeServer } from '../../../testing/fake-server';
import { renderApp, TEST_ACCOUNT } from '../../../testing/render';
import { chaptersOf, detail, progress } from '../lib/fake-novels';
import BookInfoPage from './book-info-page';

const page = <BookInfoPage />;
const at = { at: '/bookinfo/1', path: '/bookinfo/:id' };

/** The page's API: every page that shows a book counts its view (docs/decisions/0046-video-views-apart.md). */
const bookServer = () =>
  fakeServer().on('POST /v1/novel/:id/view', () => ({ viewCount: 501, counted: true }));

describe('书籍详情', () => {
  it('shows the book, folds the intro and starts at the first chapter', async () => {
    const server = bookServer()
      .on('GET /v1/novel/:id', () => detail())
      .on('GET /v1/novel/:id/chapters', chaptersOf(3000));
    const { user } = renderApp(page, { ...at, server });
    expect(await screen.findByRole('heading', { name: '万古星河' })).toBeTruthy();
    expect(screen.getByRole('img', { name: '《万古星河》封面' })).toBeTruthy();
    for (const text of ['青衫客 著', '玄幻', '连载', '1234.5万字', '共3000章', '热血', '升级'])
      expect(screen.getByText(text)).toBeTruthy();
    expect(screen.getByText('2小时前更新')).toBeTruthy();
    expect(screen.getByText(/最新：第3000章 问道/)).toBeTruthy();
    expect(screen.getByRole('link', { name: /目录/ }).getAttribute('href')).toBe('/bookmenu/1');

    const fold = screen.getByRole('button', { name: '展开' });
    expect(fold.getAttribute('aria-expanded')).toBe('false');
    await user.click(fold);
    expect(screen.getByRole('button', { name: '收起' }).getAttribute('aria-expanded')).toBe('true');

    const read = await screen.findByRole('link', { name: '开始阅读' });
    expect(read.getAttribute('href')).toBe('/readbook/1/1');
    expect(server.requestsTo('GET /v1/novel/:id/chapters')[0].query.get('from')).toBe('1');
  });

  it('counts the page’s view once it shows the book, a guest by device; the detail itself counts none', async () => {
    const server = bookServer()
      .on('GET /v1/novel/:id', () => detail({ viewCount: 500 }))
      .on('GET /v1/novel/:id/chapters', chaptersOf(3000));
    const { user, queryClient } = renderApp(page, { ...at, server });
    await screen.findByRole('heading', { name: '万古星河' });
    await vi.waitFor(() => expect(server.requestsTo('POST /v1/novel/:id/view')).toHaveLength(1));
    const [view] = server.requestsTo('POST /v1/novel/:id/view');
    expect(view.params.id).toBe('1');
    expect(view.form.get('deviceId')).toBe(localStorage.getItem('deviceID'));
    // The count answered (this view included) replaces the cached one.
    await vi.waitFor(() =>
      expect(queryClient.getQueryData<{ viewCount: number }>(['novels', 'detail', '', 1])?.viewCount).toBe(
        501,
      ),
    );
    // Using the page (展开) and a refetch of the detail count nothing more.
    await user.click(screen.getByRole('button', { name: '展开' }));
    await queryClient.refetchQueries({ queryKey: ['novels', 'detail'] });
    expect(server.requestsTo('GET /v1/novel/:id')).toHaveLength(2);
    expect(server.requestsTo('POST /v1/novel/:id/view')).toHaveLength(1);
  });

  it('continues at the saved chapter, by name', async () => {
    const server = bookServer().on('GET /v1/novel/:id', () => detail({ progress: progress(), status: 1 }));
    renderApp(page, { ...at, server, account: TEST_ACCOUNT });
    const read = await screen.findByRole('link', { name: '继续阅读 第1500章 旧约' });
    expect(read.getAttribute('href')).toBe('/readbook/1/1500');
    expect(screen.getByText('完结')).toBeTruthy();
    // With a saved chapter the first chapter is not asked for.
    expect(server.requestsTo('GET /v1/novel/:id/chapters')).toHaveLength(0);
  });

  it('sends a guest to login from 加入书架', async () => {
    const server = bookServer()
      .on('GET /v1/novel/:id', () => detail())
      .on('GET /v1/novel/:id/chapters', chaptersOf(3000));
    const { user, router } = renderApp(page, { ...at, server });
    await user.click(await screen.findByRole('button', { name: '加入书架' }));
    expect(router.state.location.pathname).toBe('/login');
    expect(server.requestsTo('POST /v1/novel/:id/subscribe')).toHaveLength(0);
  });

  it('adds the book to the shelf and takes it off again', async () => {
    let subscribed = false;
    const server = bookServer()
      .on('GET /v1/novel/:id', () => detail({ subscribed, progress: progress() }))
      .on('POST /v1/novel/:id/subscribe', () => {
        subscribed = true;
        return null;
      })
      .on('DELETE /v1/novel/:id/subscribe', () => {
        subscribed = false;
        return null;
      });
    const { user } = renderApp(page, { ...at, server, account: TEST_ACCOUNT });
    await user.click(await screen.findByRole('button', { name: '加入书架' }));
    const on = await screen.findByRole('button', { name: '已在书架' });
    expect(on.getAttribute('aria-pressed')).toBe('true');
    expect(useToastStore.getState().items.map((t) => t.message)).toContain('已加入书架');
    await user.click(on);
    expect(await screen.findByRole('button', { name: '加入书架' })).toBeTruthy();
    expect(server.requestsTo('DELETE /v1/novel/:id/subscribe')[0].params.id).toBe('1');
  });

  it('says so when the book does not exist', async () => {
    const server = bookServer().on('GET /v1/novel/:id', () => fail(404, '作品不存在', { status: 404 }));
    renderApp(page, { at: '/bookinfo/999', path: '/bookinfo/:id', server });
    expect(await screen.findByText('这本书不存在或已下架')).toBeTruthy();
    expect(screen.getByRole('link', { name: '去书城看看' }).getAttribute('href')).toBe('/novels');
    // A book that is not there has no view to count.
    expect(server.requestsTo('POST /v1/novel/:id/view')).toHaveLength(0);
  });

  it('offers a retry when the book fails to load', async () => {
    let down = true;
    const server = bookServer()
      .on('GET /v1/novel/:id', () => (down ? fail(500, '服务器开小差了', { status: 500 }) : detail()))
      .on('GET /v1/novel/:id/chapters', chaptersOf(3000));
    const { user } = renderApp(page, { ...at, server });
    down = false;
    await user.click(await screen.findByRole('button', { name: '重新加载' }));
    await vi.waitFor(() => expect(screen.getByRole('heading', { name: '万古星河' })).toBeTruthy());
  });
});
