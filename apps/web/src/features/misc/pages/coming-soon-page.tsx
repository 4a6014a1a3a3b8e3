import { Link } from '../../../shared/ui/link';
import './coming-soon.css';

/** Routes whose capability has not shipped yet say so plainly (the foundation issue allows this). */
export default function ComingSoonPage() {
  return (
    <section className="coming-soon">
      <svg width="6rem" height="6rem" viewBox="0 0 96 96" aria-hidden="true">
        <circle cx="48" cy="48" r="40" fill="#e4f0ff" />
        <path d="M48 24 66 40 48 72 30 40Z" fill="#3d8bfd" opacity=".85" />
        <path d="M30 40h36L48 72Z" fill="#7ab8ff" />
      </svg>
      <h2>敬请期待</h2>
      <p>这里的精彩内容正在准备中，先去看看别的吧</p>
      <Link to="/" className="btn btn--ghost">
        返回首页
      </Link>
    </section>
  );
}
