import { type ReactNode, useEffect, useRef, useState } from 'react';
import './pull-refresh.css';

/** How far (px) the head must be pulled before letting go refreshes; the head's height. */
export const PULL_THRESHOLD = 60;
const HEAD_HEIGHT = 50;
/** 刷新成功 stays this long (spec §9). */
const SUCCESS_MS = 500;

type Phase = 'idle' | 'pulling' | 'loosing' | 'loading' | 'success';
const TEXT: Record<Phase, string> = {
  idle: '',
  pulling: '下拉即可刷新',
  loosing: '释放即可刷新',
  loading: '加载中…',
  success: '刷新成功',
};

/**
 * Pull-to-refresh for a page that scrolls the window (spec §4: pulling, loosing, loading,
 * success), in a few lines instead of the UI kit's, whose gesture and spring libraries would
 * weigh on the home's first load. A pull starts only at the top of the page.
 */
export function PullRefresh({
  onRefresh,
  children,
}: {
  onRefresh: () => Promise<unknown>;
  children: ReactNode;
}) {
  const [phase, setPhase] = useState<Phase>('idle');
  const [distance, setDistance] = useState(0);
  const root = useRef<HTMLDivElement>(null);
  const state = useRef({ startY: null as number | null, distance: 0, busy: false });
  const refresh = useRef(onRefresh);
  refresh.current = onRefresh;

  useEffect(() => {
    const el = root.current;
    if (!el) return;
    const s = state.current;
    const onStart = (e: TouchEvent) => {
      if (s.busy || window.scrollY > 0 || e.touches.length !== 1) return;
      s.startY = e.touches[0].clientY;
    };
    const onMove = (e: TouchEvent) => {
      if (s.startY === null) return;
      const dy = e.touches[0].clientY - s.startY;
      if (dy <= 0 || window.scrollY > 0) {
        s.distance = 0;
        setDistance(0);
        setPhase('idle');
        return;
      }
      // The head follows the finger at half speed, as pull-to-refresh heads do.
      s.distance = Math.min(dy / 2, HEAD_HEIGHT * 2);
      if (e.cancelable) e.preventDefault();
      setDistance(s.distance);
      setPhase(s.distance >= PULL_THRESHOLD ? 'loosing' : 'pulling');
    };
    const onEnd = () => {
      if (s.startY === null) return;
      s.startY = null;
      if (s.distance < PULL_THRESHOLD) {
        s.distance = 0;
        setDistance(0);
        setPhase('idle');
        return;
      }
      s.busy = true;
      setDistance(HEAD_HEIGHT);
      setPhase('loading');
      refresh.current().then(
        () => {
          setPhase('success');
          setTimeout(() => {
            s.busy = false;
            s.distance = 0;
            setDistance(0);
            setPhase('idle');
          }, SUCCESS_MS);
        },
        () => {
          s.busy = false;
          s.distance = 0;
          setDistance(0);
          setPhase('idle');
        },
      );
    };
    el.addEventListener('touchstart', onStart, { passive: true });
    // Not passive: a pull at the top must not also scroll or bounce the page.
    el.addEventListener('touchmove', onMove, { passive: false });
    el.addEventListener('touchend', onEnd);
    el.addEventListener('touchcancel', onEnd);
    return () => {
      el.removeEventListener('touchstart', onStart);
      el.removeEventListener('touchmove', onMove);
      el.removeEventListener('touchend', onEnd);
      el.removeEventListener('touchcancel', onEnd);
    };
  }, []);

  return (
    <div ref={root} className="pull-refresh">
      <div className="pull-refresh__head" style={{ height: distance }} aria-live="polite">
        {phase !== 'idle' && <span>{TEXT[phase]}</span>}
      </div>
      {children}
    </div>
  );
}
