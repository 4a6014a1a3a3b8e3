import { Alert, Button, Empty, Table, type TableProps } from 'antd';

interface QueryState {
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

/**
 * Every table of the console: refine's `tableProps` (server paging, sorting, filters), with the
 * four states a person must be able to tell apart — loading (the table's spinner), empty (says so
 * and what to do), failed (the server's message and 重试), and the rows.
 */
export function QueryTable<T extends object>({
  query,
  emptyText,
  ...tableProps
}: TableProps<T> & { query: QueryState; emptyText: string }) {
  const message = query.error instanceof Error ? query.error.message : '请检查网络后重试';
  return (
    <>
      {query.isError ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          style={{ marginBottom: 16 }}
          message="列表加载失败"
          description={message}
          action={
            <Button size="small" danger onClick={() => void query.refetch()}>
              重试
            </Button>
          }
        />
      ) : null}
      <Table<T>
        {...tableProps}
        pagination={
          tableProps.pagination === false
            ? false
            : {
                ...tableProps.pagination,
                showSizeChanger: true,
                showTotal: (total: number) => `共 ${total} 条`,
              }
        }
        locale={{ emptyText: <Empty description={query.isError ? '暂无数据（加载失败）' : emptyText} /> }}
      />
    </>
  );
}
