import type { ThreadComment, ThreadCommentPage, ThreadCommentThread } from '@ld/contract/comments';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, fakeServer } from '../../../testing/fake-server';
import { fakeComment, onePage } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render';
import { ParagraphCommentsSheet } from './paragraph-comments-sheet';

const comment = (id: number, over: Partial<ThreadComment> = {}): ThreadComment => {
  const { postId: _post, ...base } = fakeComment(id, { content: `段评${id}` });
  return { ...base, slot: 2, ...over };
};
const thread = (id: number, over: Partial<ThreadCommentThread> = {}): ThreadCommentThread => ({
  ...comment(id),
  replies: [],
  ...over,
});
const page = (records: ThreadCommentThread[]): ThreadCommentPage => onePage(records);

function open(server: ReturnType<typeof fakeServer>, loggedIn = true) {
  return renderApp(
    <ParagraphCommentsSheet
      workId={7}
      cid={101}
      paragraph={2}
      excerpt="第三段：灯下有人。"
      onClose={() => {}}
    />,
    {
      at: '/readbook/7/101',
      path: '/readbook/:id/:cid',
      server,
      account: loggedIn ? {} : undefined,
      routes: { '/login': <p>登录页</p> },
    },
  );
}

describe('ParagraphCommentsSheet', () => {
  it('lists the paragraph’s comments hot first, switches to latest and shows replies', async () => {
    const server = fakeServer().on('GET /v1/novel/:id/chapter/:cid/comments', (r) =>
      r.query.get('sort') === '2'
        ? page([thread(2, { content: '最新的一条' })])
        : page([
            thread(1, {
              content: '热门的一条',
              likeCount: 5,
              replyCount: 1,
              replies: [
                comment(3, { content: '楼中楼', replyCommentId: 1, replyTo: { uid: '9', name: '读者1' } }),
              ],
            }),
          ]),
    );
    const { user } = open(server);
    const sheet = await screen.findByRole('dialog', { name: '段评' });
    expect(within(sheet).getByText('第三段：灯下有人。')).toBeTruthy();
    expect(await within(sheet).findByText('热门的一条')).toBeTruthy();
    expect(within(sheet).getByText('楼中楼')).toBeTruthy();
    expect(within(sheet).getByText('共 1 条')).toBeTruthy();
    expect(server.requestsTo('GET /v1/novel/:id/chapter/:cid/comments')[0].query.get('paragraph')).toBe('2');

    await user.click(within(sheet).getByRole('button', { name: '最新' }));
    expect(await within(sheet).findByText('最新的一条')).toBeTruthy();
    expect(within(sheet).getByRole('button', { name: '最新' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('shows the empty state and posts a comment, which then appears', async () => {
    let posted: ThreadCommentThread[] = [];
    const server = fakeServer()
      .on('GET /v1/novel/:id/chapter/:cid/comments', () => page(posted))
      .on('POST /v1/novel/:id/chapter/:cid/comments', (r) => {
        const body = r.json as { paragraph: number; content: string };
        const made = comment(10, { content: body.content, slot: body.paragraph, isMine: true });
        posted = [{ ...made, replies: [] }];
        return made;
      });
    const { user } = open(server);
    expect(await screen.findByText('还没有段评，来说第一句吧')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: '段评内容' }), '写得真好');
    await user.click(screen.getByRole('button', { name: '发送' }));
    expect(await screen.findByText('写得真好')).toBeTruthy();
    expect(server.requestsTo('POST /v1/novel/:id/chapter/:cid/comments')[0].json).toMatchObject({
      paragraph: 2,
      content: '写得真好',
    });
    expect((screen.getByRole('textbox', { name: '段评内容' }) as HTMLTextAreaElement).value).toBe('');
  });

  it('keeps the text and names the sensitive words the server refused', async () => {
    const server = fakeServer()
      .on('GET /v1/novel/:id/chapter/:cid/comments', () => page([]))
      .on('POST /v1/novel/:id/chapter/:cid/comments', () =>
        fail(1004, '内容包含敏感词：代练', { data: { words: ['代练'] } }),
      );
    const { user } = open(server);
    await screen.findByText('还没有段评，来说第一句吧');
    await user.type(screen.getByRole('textbox', { name: '段评内容' }), '找代练');
    await user.click(screen.getByRole('button', { name: '发送' }));
    expect((await screen.findByRole('alert')).textContent).toContain('内容包含敏感词：代练');
    expect((screen.getByRole('textbox', { name: '段评内容' }) as HTMLTextAreaElement).value).toBe('找代练');
  });

  it('replies to a comment, likes it and deletes one’s own after confirming', async () => {
    const server = fakeServer()
      .on('GET /v1/novel/:id/chapter/:cid/comments', () =>
        page([thread(1, { content: '别人的' }), thread(2, { content: '我的', isMine: true })]),
      )
      .on('POST /v1/novel/:id/chapter/:cid/comments', (r) =>
        comment(11, { ...(r.json as object), isMine: true }),
      )
      .on('POST /v1/novel/:id/chapter/:cid/comments/:commentId/like', () => ({ liked: true, likeCount: 1 }))
      .on('DELETE /v1/novel/:id/chapter/:cid/comments/:commentId', () => null);
    const { user } = open(server);
    await screen.findByText('别人的');
    const [first, mine] = screen.getAllByRole('listitem');
    expect(within(first).queryByRole('button', { name: '删除' })).toBeNull();

    await user.click(within(first).getByRole('button', { name: '点赞段评，0 个赞' }));
    expect(await within(first).findByRole('button', { name: '取消点赞段评，1 个赞' })).toBeTruthy();

    await user.click(within(first).getByRole('button', { name: '回复' }));
    expect(screen.getByText('@读者1')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: '段评内容' }), '同意');
    await user.click(screen.getByRole('button', { name: '发送' }));
    await expect.poll(() => server.requestsTo('POST /v1/novel/:id/chapter/:cid/comments').length).toBe(1);
    expect(server.requestsTo('POST /v1/novel/:id/chapter/:cid/comments')[0].json).toMatchObject({
      paragraph: 2,
      content: '同意',
      replyCommentId: 1,
    });

    await user.click(within(mine).getByRole('button', { name: '删除' }));
    await user.click(within(mine).getByRole('button', { name: '确认删除' }));
    await expect
      .poll(() => server.requestsTo('DELETE /v1/novel/:id/chapter/:cid/comments/:commentId')[0]?.path)
      .toBe('/v1/novel/7/chapter/101/comments/2');
  });

  it('loads every reply of a busy comment on demand', async () => {
    const server = fakeServer()
      .on('GET /v1/novel/:id/chapter/:cid/comments', () =>
        page([thread(1, { replyCount: 4, replies: [comment(21), comment(22), comment(23)] })]),
      )
      .on('GET /v1/novel/:id/chapter/:cid/comments/:commentId/replies', () => ({
        ...page([]),
        records: [comment(21), comment(22), comment(23), comment(24, { content: '第四条回复' })],
        total: 4,
      }));
    const { user } = open(server);
    await user.click(await screen.findByRole('button', { name: '查看全部 4 条回复' }));
    expect(await screen.findByText('第四条回复')).toBeTruthy();
  });

  it('offers a retry when the list fails', async () => {
    let calls = 0;
    const server = fakeServer().on('GET /v1/novel/:id/chapter/:cid/comments', () => {
      calls += 1;
      return calls === 1
        ? fail(500, '服务器开小差了', { status: 500 })
        : page([thread(1, { content: '回来了' })]);
    });
    const { user } = open(server);
    await user.click(await screen.findByRole('button', { name: '重新加载' }));
    expect(await screen.findByText('回来了')).toBeTruthy();
  });

  it('sends a guest who starts writing to login', async () => {
    const server = fakeServer().on('GET /v1/novel/:id/chapter/:cid/comments', () => page([]));
    const { user } = open(server, false);
    await screen.findByText('还没有段评，来说第一句吧');
    await user.click(screen.getByRole('textbox', { name: '段评内容' }));
    expect(await screen.findByText('登录页')).toBeTruthy();
  });
});
