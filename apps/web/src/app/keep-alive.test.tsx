import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { KeepAliveOutlet } from './keep-alive';

function Page({ id }: { id: string }) {
  return <input aria-label={`input-${id}`} defaultValue="" />;
}

function setup(max?: number, keepAliveOff: string[] = []) {
  const ids = Array.from({ length: 12 }, (_, i) => String(i));
  const router = createMemoryRouter(
    [
      {
        element: <KeepAliveOutlet max={max} />,
        children: ids.map((id) => ({
          path: `/p${id}`,
          element: <Page id={id} />,
          handle: { name: `p${id}`, keepAlive: !keepAliveOff.includes(id) },
        })),
      },
    ],
    { initialEntries: ['/p0'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const input = (id: string) => screen.getByLabelText(`input-${id}`, { selector: 'input' }) as HTMLInputElement;

describe('page cache', () => {
  it('keeps what was typed when coming back to a cached page', async () => {
    const router = setup();
    fireEvent.change(input('0'), { target: { value: '原神' } });
    await act(() => router.navigate('/p1'));
    await act(() => router.navigate('/p0'));
    expect(input('0').value).toBe('原神');
  });

  it('drops the least recently shown page beyond the limit', async () => {
    const router = setup(10);
    fireEvent.change(input('0'), { target: { value: 'kept?' } });
    for (let i = 1; i <= 10; i++) await act(() => router.navigate(`/p${i}`));
    await act(() => router.navigate('/p0'));
    expect(input('0').value).toBe('');
  });

  it('renders a page fresh when its meta says keepAlive false', async () => {
    const router = setup(10, ['0']);
    fireEvent.change(input('0'), { target: { value: 'draft' } });
    await act(() => router.navigate('/p1'));
    await act(() => router.navigate('/p0'));
    expect(input('0').value).toBe('');
  });
});
