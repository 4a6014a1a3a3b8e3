import { Button, Flex, Result, Spin } from 'antd';
import { Component, type LazyExoticComponent, lazy, type ReactNode } from 'react';

/**
 * A console page loaded when it is first opened (docs/decisions/0048-operator-console.md, "Pages
 * loaded when opened"): the login needs none of the tables, date pickers and uploads the work
 * pages bring, so they are not in the first load. `lazyPage(() => import('./list'), 'GameList')`.
 */
export function lazyPage<Name extends string>(
  load: () => Promise<Record<Name, () => ReactNode>>,
  name: Name,
): LazyExoticComponent<() => ReactNode> {
  return lazy(() => load().then((module) => ({ default: module[name] })));
}

/**
 * What the console shows while something it needs is on its way: a page's code inside the frame
 * (the menu and header stay), or the first session check over the whole window (`minHeight`).
 */
export function PageLoading({ minHeight = 240 }: { minHeight?: number | string }) {
  return (
    <Flex role="status" aria-label="正在加载" justify="center" align="center" style={{ minHeight }}>
      <Spin size="large" />
    </Flex>
  );
}

/**
 * A page whose code could not be loaded (the network dropped, or the console was updated since
 * this tab opened it and the old file is gone): a message with 重新加载 in the frame, instead of
 * a blank console. Another page (`resetKey`, the path) is tried afresh.
 */
export class PageBoundary extends Component<
  { resetKey: string; children: ReactNode },
  { failedAt: string | null }
> {
  override state = { failedAt: null as string | null };

  static getDerivedStateFromError(): Partial<{ failedAt: string | null }> {
    return { failedAt: '' };
  }

  static getDerivedStateFromProps(
    props: { resetKey: string },
    state: { failedAt: string | null },
  ): Partial<{ failedAt: string | null }> | null {
    if (state.failedAt === '') return { failedAt: props.resetKey };
    if (state.failedAt !== null && state.failedAt !== props.resetKey) return { failedAt: null };
    return null;
  }

  override render() {
    if (this.state.failedAt === null) return this.props.children;
    return (
      <Result
        status="warning"
        title="页面加载失败"
        subTitle="网络不稳定，或后台刚刚更新过。请重新加载页面；已保存的内容不会丢失。"
        extra={
          <Button type="primary" onClick={() => window.location.reload()}>
            重新加载
          </Button>
        }
      />
    );
  }
}
