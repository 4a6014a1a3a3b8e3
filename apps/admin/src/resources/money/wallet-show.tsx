import type { AdminLedgerEntry, AdminStatement } from '@ld/contract/admin/money';
import { Show, useTable } from '@refinedev/antd';
import { useCustom, useInvalidate } from '@refinedev/core';
import { Alert, Button, Card, Descriptions, Table, Tag, Typography } from 'antd';
import { useParams } from 'react-router';
import { API_BASE } from '../../providers/http';
import { QueryTable } from '../../shared/query-table';
import { formatTime } from '../../shared/time';
import { AdjustButton } from './adjust-form';
import { signed } from './money-format';

function Ledger({ uid }: { uid: string }) {
  const { tableProps, tableQuery } = useTable<AdminLedgerEntry>({
    resource: 'ledger',
    meta: { path: `users/${uid}/ledger` },
    syncWithLocation: false,
    sorters: { initial: [{ field: 'createTime', order: 'desc' }] },
  });
  return (
    <QueryTable<AdminLedgerEntry> {...tableProps} query={tableQuery} rowKey="id" emptyText="该用户还没有流水">
      <Table.Column<AdminLedgerEntry> dataIndex="createTime" title="时间" render={formatTime} width={180} />
      <Table.Column<AdminLedgerEntry> dataIndex="reasonText" title="说明" />
      <Table.Column<AdminLedgerEntry>
        dataIndex="delta"
        title="变动"
        render={(delta: number) => (
          <Typography.Text type={delta < 0 ? 'danger' : 'success'}>{signed(delta)}</Typography.Text>
        )}
      />
      <Table.Column<AdminLedgerEntry> dataIndex="balanceAfter" title="变动后余额" />
      <Table.Column<AdminLedgerEntry>
        dataIndex="operatorName"
        title="操作员"
        render={(_, r) =>
          r.reason !== 'admin'
            ? '—'
            : r.operatorId === null
              ? '命令行'
              : (r.operatorName ?? `#${r.operatorId}`)
        }
      />
    </QueryTable>
  );
}

/** One user's account: balance, the ledger's sum beside it, the rows, and 调整余额. */
export function WalletShow() {
  const { id = '' } = useParams();
  const statement = useCustom<AdminStatement>({
    url: `/users/${encodeURIComponent(id)}/statement`,
    method: 'get',
    queryOptions: { retry: false },
  });
  const head = statement.query.data?.data;
  const invalidate = useInvalidate();
  const refresh = () => {
    void statement.query.refetch();
    void invalidate({ resource: 'ledger', invalidates: ['list'] });
  };
  return (
    <Show title="用户账户" goBack={false} isLoading={statement.query.isLoading} headerButtons={() => null}>
      {statement.query.isError ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          message="账户加载失败"
          description={statement.query.error?.message}
          action={
            <Button size="small" onClick={() => void statement.query.refetch()}>
              重试
            </Button>
          }
        />
      ) : head ? (
        <>
          <Card
            size="small"
            title={`${head.name}（${head.loginName}）`}
            extra={<AdjustButton uid={head.uid} balance={head.balance} onDone={refresh} />}
          >
            <Descriptions column={4} size="small">
              <Descriptions.Item label="用户 ID">{head.uid}</Descriptions.Item>
              <Descriptions.Item label="余额（蓝钻）">
                <Typography.Text strong>{head.balance}</Typography.Text>
              </Descriptions.Item>
              <Descriptions.Item label="流水合计">
                {head.ledgerSum}{' '}
                {head.ledgerSum === head.balance ? (
                  <Tag color="success">与余额一致</Tag>
                ) : (
                  <Tag color="error">与余额不符，请联系技术</Tag>
                )}
              </Descriptions.Item>
              <Descriptions.Item label="流水条数">{head.ledgerRows}</Descriptions.Item>
            </Descriptions>
          </Card>
          <Card
            size="small"
            title="流水"
            style={{ marginTop: 16 }}
            extra={
              <Button size="small" href={`${API_BASE}/users/${head.uid}/ledger.csv`} download>
                导出 CSV
              </Button>
            }
          >
            <Ledger uid={head.uid} />
          </Card>
        </>
      ) : null}
    </Show>
  );
}
