import type { WorkKind, WorkView } from '@ld/contract/content';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fail, fakeServer } from '../../testing/fake-server';
import { TEST_ACCOUNT } from '../../testing/render';
import { GUEST, useAccountStore } from '../stores/account';
import { useToastStore } from '../ui/toast-store';
import { useCountView } from './use-count-view';

// A work page's one view call (docs/decisions/0046-video-views-apart.md): once per work per mounted
// page, once the page shows the work; quiet when it fails.

interface Props {
  kind: WorkKind;
  id: number;
  shown: boolean;
  onCounted?: (view: WorkView, uid: string) => void;
}

/** A page of one work: 重绘 re-renders it with a new callback, as a page's own state would. */
function WorkPage({ kind, id, shown, onCounted }: Props) {
  const [renders, setRenders] = useState(0);
  useCountView(kind, id, shown, onCounted && ((view, uid) => onCounted(view, uid)));
  return (
    <button type="button" onClick={() => setRenders((n) => n + 1)}>
      重绘 {renders}
    </button>
  );
}

const answering = (counted = true) =>
  fakeServer()
    .on('POST /v1/novel/:id/view', () => ({ viewCount: 8, counted }))
    .on('POST /v1/comic/:id/view', () => ({ viewCount: 9, counted }))
    .on('POST /v1/video/:id/view', () => ({ viewCount: 10, counted }));

/** Lets pending effects and answers settle. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

describe('useCountView', () => {
  it('asks nothing until the page shows the work, then counts it once with the guest’s device', async () => {
    const server = answering();
    const onCounted = vi.fn();
    const page = render(<WorkPage kind="novel" id={5} shown={false} onCounted={onCounted} />);
    await settle();
    expect(server.requests).toHaveLength(0);

    page.rerender(<WorkPage kind="novel" id={5} shown onCounted={onCounted} />);
    await waitFor(() => expect(onCounted).toHaveBeenCalledWith({ viewCount: 8, counted: true }, ''));
    const [request] = server.requestsTo('POST /v1/novel/:id/view');
    expect(request.params).toEqual({ id: '5' });
    const deviceId = localStorage.getItem('deviceID');
    expect(deviceId).toMatch(/^[0-9a-f]{32}$/);
    expect(request.form.get('deviceId')).toBe(deviceId);

    // Re-renders, a new callback, the detail going and coming back: nothing more.
    fireEvent.click(screen.getByRole('button'));
    page.rerender(<WorkPage kind="novel" id={5} shown={false} onCounted={onCounted} />);
    page.rerender(<WorkPage kind="novel" id={5} shown onCounted={onCounted} />);
    await settle();
    expect(server.requests).toHaveLength(1);
    expect(onCounted).toHaveBeenCalledTimes(1);
  });

  it('sends a user’s session and no device id, and does not count again on logging out or in', async () => {
    useAccountStore.getState().setAccount(TEST_ACCOUNT);
    const server = answering();
    const onCounted = vi.fn();
    render(<WorkPage kind="comic" id={3} shown onCounted={onCounted} />);
    await waitFor(() => expect(onCounted).toHaveBeenCalledWith({ viewCount: 9, counted: true }, '42'));
    const [request] = server.requestsTo('POST /v1/comic/:id/view');
    expect(request.headers).toMatchObject({ uid: '42', token: 'test-token' });
    expect(request.form.has('deviceId')).toBe(false);

    act(() => useAccountStore.getState().setAccount(GUEST));
    act(() => useAccountStore.getState().setAccount(TEST_ACCOUNT));
    await settle();
    expect(server.requests).toHaveLength(1);
  });

  it('counts each work the page goes on to once, and again on a new mount', async () => {
    const server = answering(false);
    const page = render(<WorkPage kind="video" id={7} shown />);
    await waitFor(() => expect(server.requests).toHaveLength(1));
    // 下一个: the next video, then back to the first one.
    page.rerender(<WorkPage kind="video" id={8} shown />);
    await waitFor(() => expect(server.requests).toHaveLength(2));
    page.rerender(<WorkPage kind="video" id={7} shown />);
    await settle();
    expect(server.requests.map((r) => r.path)).toEqual(['/v1/video/7/view', '/v1/video/8/view']);

    // Opening the page again is a new page view (the server counts it once a day anyway).
    page.unmount();
    render(<WorkPage kind="video" id={7} shown />);
    await waitFor(() => expect(server.requests).toHaveLength(3));
    expect(server.requests[2].path).toBe('/v1/video/7/view');
  });

  it('is quiet when the view cannot be counted', async () => {
    const server = fakeServer().on('POST /v1/novel/:id/view', () =>
      fail(500, '服务器内部错误', { status: 500 }),
    );
    const onCounted = vi.fn();
    render(<WorkPage kind="novel" id={404} shown onCounted={onCounted} />);
    await waitFor(() => expect(server.requests).toHaveLength(1));
    await settle();
    expect(onCounted).not.toHaveBeenCalled();
    expect(useToastStore.getState().items).toEqual([]);
  });
});
