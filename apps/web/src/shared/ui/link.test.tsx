import { act, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Link } from './link';

function setup(links: ReactNode, start = '/') {
  const router = createMemoryRouter(
    [
      { path: '/', element: links },
      { path: '/game/:id', element: <p>游戏详情</p> },
      { path: '/profile', element: links },
    ],
    { initialEntries: [start] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const link = (name: string) => screen.getByRole('link', { name }) as HTMLAnchorElement;

/**
 * Clicks and tells whether the link left the click to the browser (did not prevent its default);
 * the browser's own navigation is then stopped, as jsdom cannot load another document.
 */
async function clickLeftToBrowser(target: HTMLAnchorElement, init?: MouseEventInit): Promise<boolean> {
  let left = false;
  const seen = (event: Event) => {
    left = !event.defaultPrevented;
    event.preventDefault();
  };
  document.addEventListener('click', seen);
  await act(async () => {
    fireEvent.click(target, init);
  });
  document.removeEventListener('click', seen);
  return left;
}

describe('Link', () => {
  it('renders the route as href and navigates inside the app on a plain click', async () => {
    const router = setup(
      <Link to="/game/7?tab=info" className="card">
        原神
      </Link>,
    );
    expect(link('原神').getAttribute('href')).toBe('/game/7?tab=info');
    expect(link('原神').className).toBe('card');
    await act(async () => {
      fireEvent.click(link('原神'));
    });
    expect(router.state.location.pathname).toBe('/game/7');
    expect(router.state.location.search).toBe('?tab=info');
    expect(router.state.historyAction).toBe('PUSH');
    expect(screen.getByText('游戏详情')).toBeTruthy();
  });

  it('replaces the history entry when asked', async () => {
    const router = setup(
      <Link to="/game/7" replace>
        原神
      </Link>,
    );
    await act(async () => {
      fireEvent.click(link('原神'));
    });
    expect(router.state.location.pathname).toBe('/game/7');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('leaves a modified click and a target to the browser', async () => {
    const router = setup(
      <>
        <Link to="/game/7">原神</Link>
        <Link to="/game/8" target="_blank">
          星铁
        </Link>
      </>,
    );
    expect(await clickLeftToBrowser(link('原神'), { ctrlKey: true })).toBe(true);
    expect(await clickLeftToBrowser(link('星铁'))).toBe(true);
    expect(router.state.location.pathname).toBe('/');
  });

  it("runs the caller's onClick first, and navigates only when it did not prevent the default", async () => {
    const calls: string[] = [];
    const router = setup(
      <>
        <Link
          to="/game/7"
          onClick={(event) => {
            calls.push('stop');
            event.preventDefault();
          }}
        >
          原神
        </Link>
        <Link to="/game/8" onClick={() => calls.push('go')}>
          星铁
        </Link>
      </>,
    );
    await act(async () => {
      fireEvent.click(link('原神'));
    });
    expect(router.state.location.pathname).toBe('/');
    await act(async () => {
      fireEvent.click(link('星铁'));
    });
    expect(calls).toEqual(['stop', 'go']);
    expect(router.state.location.pathname).toBe('/game/8');
  });

  it('keeps an absolute URL as href: in the app on this origin, to the browser on another', async () => {
    const here = window.location.origin;
    const router = setup(
      <>
        <Link to={`${here}/game/9`}>本站</Link>
        <Link to="https://example.com/download">外站</Link>
      </>,
    );
    expect(link('本站').getAttribute('href')).toBe(`${here}/game/9`);
    expect(link('外站').getAttribute('href')).toBe('https://example.com/download');
    expect(await clickLeftToBrowser(link('外站'))).toBe(true);
    expect(router.state.location.pathname).toBe('/');
    expect(await clickLeftToBrowser(link('本站'))).toBe(false);
    expect(router.state.location.pathname).toBe('/game/9');
  });

  it('resolves a relative route against the current one', () => {
    setup(<Link to="../game/3">返回</Link>, '/profile');
    expect(link('返回').getAttribute('href')).toBe('/game/3');
  });
});
