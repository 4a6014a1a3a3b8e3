import { SquareSort } from '@ld/contract/square-values';
import { type ReactNode, useState } from 'react';
import { useSessionState } from '../../../shared/hooks/use-session-state';
import { useSwipe } from '../../../shared/hooks/use-swipe';
import { useIsLoggedIn } from '../../../shared/stores/account';
import { Link } from '../../../shared/ui/link';
import { Tabs } from '../../../shared/ui/tabs';
import { useFollowFeed } from '../api/get-follow-feed';
import { usePosts } from '../api/get-posts';
import { useTags } from '../api/get-tags';
import { LoginPrompt } from './login-prompt';
import { PostList } from './post-list';
import { SearchBox } from './search-box';
import './square-home.css';

type Mode = 'hot' | 'latest' | 'follow';
const MODES: { key: Mode; label: string }[] = [
  { key: 'hot', label: '热门' },
  { key: 'latest', label: '最新' },
  { key: 'follow', label: '关注' },
];
const ALL = 0;

/** 广场: tags, 热门/最新/关注 feeds and search; `top` (the page's gift centre) shows above the feeds unless searching. */
export function SquareHome({ top }: { top?: ReactNode }) {
  const isLoggedIn = useIsLoggedIn();
  const tags = useTags();
  // Kept for the session: back from a post shows the same feed, from the cache, where it was.
  const [mode, setMode] = useSessionState<Mode>('square.mode', 'hot');
  const [tagId, setTagId] = useSessionState('square.tag', ALL);
  const [keyword, setKeyword] = useSessionState('square.keyword', '');
  const [searchKey, setSearchKey] = useState(0);

  const tagItems = [
    { key: ALL, label: '全部' },
    ...(tags.data ?? []).map((t) => ({ key: t.id, label: t.tag })),
  ];
  const searching = keyword !== '';
  const sort = mode === 'latest' ? SquareSort.latest : SquareSort.hot;
  const feed = usePosts(
    { sort, tagId: searching || tagId === ALL ? null : tagId, keyword },
    mode !== 'follow' || searching,
  );
  const follow = useFollowFeed(mode === 'follow' && !searching);

  const swipe = useSwipe((step) => {
    if (searching || mode === 'follow') return;
    const index = tagItems.findIndex((t) => t.key === tagId);
    const next = tagItems[index + step];
    if (next) setTagId(next.key);
  });

  let list: React.ReactNode;
  if (mode === 'follow' && !searching) {
    list = isLoggedIn ? (
      <PostList query={follow} emptyText="关注的人还没有发帖，去热门里找找感兴趣的人吧" />
    ) : (
      <LoginPrompt text="登录后查看你关注的人发的帖子" />
    );
  } else {
    list = (
      <PostList
        query={feed}
        emptyText={
          searching ? `没有找到与「${keyword}」相关的帖子，换个关键词试试` : '这里还没有帖子，来发第一帖吧'
        }
        emptyAction={
          searching ? undefined : (
            <Link to="/postpage" className="btn btn--ghost">
              去发帖
            </Link>
          )
        }
      />
    );
  }

  return (
    <div className="square">
      <div className="square__top">
        <SearchBox
          key={searchKey}
          onSearch={(k) => {
            setKeyword(k);
            // Search results come from the square feed, so 关注 gives way to 热门.
            if (mode === 'follow') setMode('hot');
          }}
        />
        <Link to="/postpage" className="square__compose">
          <svg width="1rem" height="1rem" viewBox="0 0 24 24" aria-hidden="true">
            <path d="M12 5v14M5 12h14" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
          </svg>
          发帖
        </Link>
      </div>

      {searching ? (
        <div className="square__search-head">
          <span>
            搜索 <b>{keyword}</b> 的结果
          </span>
          <button
            type="button"
            className="square__search-clear"
            onClick={() => {
              setKeyword('');
              setSearchKey((k) => k + 1);
            }}
          >
            退出搜索
          </button>
        </div>
      ) : (
        top
      )}

      <div className="square__bar">
        {!searching && mode !== 'follow' && (
          <Tabs label="话题" items={tagItems} active={tagId} onChange={setTagId} />
        )}
        <Tabs
          label="排序"
          variant="pill"
          items={searching ? MODES.slice(0, 2) : MODES}
          active={mode}
          onChange={setMode}
        />
      </div>

      <section className="square__feed" aria-label="帖子列表" {...swipe}>
        {list}
      </section>
    </div>
  );
}
