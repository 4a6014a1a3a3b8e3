import { useNavigate } from 'react-router';

/**
 * A reader's top bar: 返回 and the title. Back goes where the reader came from, or to `home` (the
 * work's page) when the reader was opened by address. `block` is the reader's CSS block
 * (reader-bar, comic-bar).
 */
export function ReaderTopBar({ block, title, home }: { block: string; title: string; home: string }) {
  const navigate = useNavigate();
  const back = () => {
    if (window.history.state?.idx > 0) navigate(-1);
    else navigate(home);
  };
  return (
    <header className={`${block} ${block}--top`}>
      <button type="button" className={`${block}__back`} aria-label="返回" onClick={back}>
        <svg viewBox="0 0 24 24" width="1.5rem" height="1.5rem" aria-hidden="true">
          <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2" />
        </svg>
      </button>
      <p className={`${block}__title`}>{title}</p>
    </header>
  );
}
