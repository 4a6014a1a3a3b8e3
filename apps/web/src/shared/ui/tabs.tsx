import { useEffect, useRef } from 'react';
import './tabs.css';

export interface TabItem<K extends string | number> {
  key: K;
  label: string;
}

interface TabsProps<K extends string | number> {
  label: string;
  items: TabItem<K>[];
  active: K;
  onChange: (key: K) => void;
  variant?: 'line' | 'pill';
}

/** A row of tabs (role tab, named by label) that scrolls sideways and keeps the active one in view. */
export function Tabs<K extends string | number>({
  label,
  items,
  active,
  onChange,
  variant = 'line',
}: TabsProps<K>) {
  const row = useRef<HTMLDivElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-centre whenever the active tab changes
  useEffect(() => {
    const el = row.current?.querySelector<HTMLElement>('[aria-selected="true"]');
    if (el && row.current?.scrollTo) {
      const left = el.offsetLeft - (row.current.clientWidth - el.clientWidth) / 2;
      row.current.scrollTo({ left: Math.max(0, left), behavior: 'smooth' });
    }
  }, [active]);
  return (
    <div ref={row} className={`ld-tabs ld-tabs--${variant}`} role="tablist" aria-label={label}>
      {items.map((item) => (
        <button
          key={item.key}
          type="button"
          role="tab"
          aria-selected={item.key === active}
          className={`ld-tabs__tab${item.key === active ? ' is-active' : ''}`}
          onClick={() => onChange(item.key)}
        >
          {item.label}
        </button>
      ))}
    </div>
  );
}
