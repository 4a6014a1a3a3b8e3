import { Alert, Button } from 'antd';

/** A record that could not be loaded into its form: the server's message and 重试. */
export function LoadFailed({
  what,
  query,
}: {
  what: string;
  query: { error?: { message?: string } | null; refetch: () => unknown };
}) {
  return (
    <Alert
      type="error"
      showIcon
      message={`${what}加载失败`}
      description={query.error?.message}
      action={
        <Button size="small" onClick={() => void query.refetch()}>
          重试
        </Button>
      }
    />
  );
}
