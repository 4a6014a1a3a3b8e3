import { Link } from 'react-router';
import { Empty } from '../../../shared/ui/states';
import { useLoginHref } from '../lib/use-login-gate';

/** What a guest sees where a list needs an account. */
export function LoginPrompt({ text }: { text: string }) {
  const href = useLoginHref();
  return (
    <Empty
      text={text}
      action={
        <Link to={href} className="btn btn--primary">
          去登录
        </Link>
      }
    />
  );
}
