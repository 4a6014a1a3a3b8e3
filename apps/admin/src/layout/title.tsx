import type { RefineLayoutThemedTitleProps } from '@refinedev/antd';
import { Link } from 'react-router';

/** The console's name at the top of the sider (a link home). */
export function Title({ collapsed }: RefineLayoutThemedTitleProps) {
  return (
    <Link
      to="/"
      style={{
        display: 'flex',
        alignItems: 'center',
        gap: 8,
        fontWeight: 600,
        fontSize: 16,
        color: 'inherit',
      }}
    >
      <span aria-hidden="true" style={{ color: '#1677ff', fontSize: 20 }}>
        ◆
      </span>
      {collapsed ? null : <span>蓝钻乐园 管理后台</span>}
    </Link>
  );
}
