import { useEffect, useState } from 'react';

/** True while the user asks the system for less motion; follows the setting as it changes. */
function usePrefersReducedMotion(): boolean {
  const [query] = useState(() => window.matchMedia?.('(prefers-reduced-motion: reduce)'));
  const [isReduced, setIsReduced] = useState(() => query?.matches ?? false);
  useEffect(() => {
    if (!query) return;
    const onChange = () => setIsReduced(query.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, [query]);
  return isReduced;
}

/**
 * On desktop browsers the full-page background shifts slightly with the mouse (spec §2), unless
 * the user asked for reduced motion: then it stays still.
 */
export default function ParallaxBackground() {
  const isReduced = usePrefersReducedMotion();
  const [offset, setOffset] = useState({ x: 0, y: 0 });
  useEffect(() => {
    if (isReduced) {
      setOffset({ x: 0, y: 0 });
      return;
    }
    const onMove = (e: MouseEvent) => {
      const x = (e.clientX / window.innerWidth - 0.5) * -24;
      const y = (e.clientY / window.innerHeight - 0.5) * -24;
      setOffset({ x, y });
    };
    window.addEventListener('mousemove', onMove);
    return () => window.removeEventListener('mousemove', onMove);
  }, [isReduced]);
  return (
    <div
      className="parallax-bg"
      aria-hidden="true"
      style={{ transform: `translate3d(${offset.x}px, ${offset.y}px, 0) scale(1.06)` }}
    />
  );
}
