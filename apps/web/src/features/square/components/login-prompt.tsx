import { useLoginHref } from '../../../shared/hooks/use-go-to-login';
import { Link } from '../../../shared/ui/link';
import { Empty } from '../../../shared/ui/states';

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
