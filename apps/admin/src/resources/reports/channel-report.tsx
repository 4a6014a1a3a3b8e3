import {
  CHANNEL_FIGURE_LABELS,
  CHANNEL_FIGURES,
  type ChannelFigures,
  type ChannelReport,
  type ChannelReportRow,
} from '@ld/contract/admin/reports';
import { formatYuan as yuan } from '@ld/contract/wallet';
import { List } from '@refinedev/antd';
import { useCustom } from '@refinedev/core';
import { Alert, Button, Card, Col, Empty, Form, Input, Row, Spin, Statistic, Table } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { lazy, Suspense, useState } from 'react';
import { API_BASE } from '../../providers/http';
import { BusyButton } from '../../shared/busy-button';
import { DatePicker } from '../../shared/date-picker';

interface Filters {
  from: string;
  to: string;
  channelId?: string;
  inviteCode?: string;
}

interface Search {
  range: [Dayjs, Dayjs];
  channelId?: string;
  inviteCode?: string;
}

// recharts loads with the report, not with the console's first page (the one chunk every operator loads).
const DailyLines = lazy(() => import('./charts').then((m) => ({ default: m.DailyLines })));
const ChannelBars = lazy(() => import('./charts').then((m) => ({ default: m.ChannelBars })));
const chartFallback = <Spin style={{ display: 'block', margin: '120px auto' }} />;

const DAY = 'YYYY-MM-DD';
/** Today's date in Beijing, whatever the operator's own time zone (the report's days are Beijing days). */
const beijingToday = () => dayjs(new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10));
const figure = (f: keyof ChannelFigures, value: number) => (f === 'paidAmount' ? yuan(value) : value);

function csvHref(filters: Filters): string {
  const params = new URLSearchParams({ from: filters.from, to: filters.to });
  if (filters.channelId) params.set('channelId', filters.channelId);
  if (filters.inviteCode) params.set('inviteCode', filters.inviteCode);
  return `${API_BASE}/reports/channels.csv?${params}`;
}

/**
 * 渠道报表: what each channel and invite code brought, per day (Beijing time) — device inits,
 * download-page visits, registrations, game downloads, recharges and memberships — as charts, a
 * table and a CSV file. Each figure is counted by the server from the rows it comes from.
 */
export function ChannelReportPage() {
  const [filters, setFilters] = useState<Filters>(() => {
    const today = beijingToday();
    return { from: today.subtract(6, 'day').format(DAY), to: today.format(DAY) };
  });
  const { query } = useCustom<ChannelReport>({
    url: '/reports/channels',
    method: 'get',
    config: { query: filters },
    queryOptions: { retry: false },
  });
  const report = query.data?.data;
  const [form] = Form.useForm<Search>();
  return (
    <List
      title="渠道报表"
      headerButtons={
        <Button href={csvHref(filters)} download>
          导出 CSV
        </Button>
      }
    >
      <Form<Search>
        form={form}
        name="report-filter"
        layout="inline"
        aria-label="报表条件"
        style={{ marginBottom: 16, rowGap: 8 }}
        initialValues={{ range: [dayjs(filters.from), dayjs(filters.to)] }}
        onFinish={(values) =>
          setFilters({
            from: values.range[0].format(DAY),
            to: values.range[1].format(DAY),
            channelId: values.channelId?.trim() || undefined,
            inviteCode: values.inviteCode?.trim() || undefined,
          })
        }
      >
        <Form.Item
          label="日期（北京时间）"
          name="range"
          rules={[
            { required: true, message: '请选择日期范围' },
            {
              validator: (_, range: [Dayjs, Dayjs] | null) =>
                range && range[1].diff(range[0], 'day') >= 92
                  ? Promise.reject(new Error('一次最多统计 92 天，请缩小日期范围'))
                  : Promise.resolve(),
            },
          ]}
        >
          <DatePicker.RangePicker allowClear={false} />
        </Form.Item>
        <Form.Item label="渠道" name="channelId">
          <Input allowClear placeholder="全部" style={{ width: 120 }} />
        </Form.Item>
        <Form.Item label="邀请码" name="inviteCode">
          <Input allowClear placeholder="全部" style={{ width: 120 }} />
        </Form.Item>
        <BusyButton type="primary" htmlType="submit" pending={query.isFetching}>
          查询
        </BusyButton>
      </Form>
      {query.isError ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          style={{ marginBottom: 16 }}
          message="报表加载失败"
          description={query.error?.message}
          action={
            <Button size="small" danger onClick={() => void query.refetch()}>
              重试
            </Button>
          }
        />
      ) : null}
      <Row gutter={[12, 12]} style={{ marginBottom: 16 }}>
        {CHANNEL_FIGURES.map((f) => (
          <Col key={f} span={3}>
            <Card size="small" loading={query.isLoading}>
              <Statistic
                title={CHANNEL_FIGURE_LABELS[f].replace('（元）', '')}
                value={report ? figure(f, report.totals[f]) : '—'}
              />
            </Card>
          </Col>
        ))}
      </Row>
      {report && report.rows.length === 0 ? (
        <Empty description="所选日期内没有数据，可换一个日期范围或渠道" style={{ margin: '24px 0' }} />
      ) : null}
      {report && report.rows.length > 0 ? (
        <Row gutter={16} style={{ marginBottom: 16 }}>
          <Col span={14}>
            <Card size="small" title="每日趋势">
              <Suspense fallback={chartFallback}>
                <DailyLines days={report.byDay} />
              </Suspense>
            </Card>
          </Col>
          <Col span={10}>
            <Card size="small" title="各渠道注册与付费">
              <Suspense fallback={chartFallback}>
                <ChannelBars channels={report.byChannel} />
              </Suspense>
            </Card>
          </Col>
        </Row>
      ) : null}
      <Table<ChannelReportRow>
        size="small"
        rowKey={(r) => `${r.day}|${r.channelId}|${r.inviteCode}`}
        dataSource={report?.rows ?? []}
        loading={query.isLoading}
        pagination={{ pageSize: 20, showTotal: (total) => `共 ${total} 行` }}
        locale={{ emptyText: <Empty description="所选日期内没有数据" /> }}
        scroll={{ x: true }}
      >
        <Table.Column<ChannelReportRow> dataIndex="day" title="日期" fixed="left" />
        <Table.Column<ChannelReportRow> dataIndex="channelId" title="渠道" />
        <Table.Column<ChannelReportRow>
          dataIndex="inviteCode"
          title="邀请码"
          render={(code: string) => code || '—'}
        />
        {CHANNEL_FIGURES.map((f) => (
          <Table.Column<ChannelReportRow>
            key={f}
            dataIndex={f}
            title={CHANNEL_FIGURE_LABELS[f]}
            align="right"
            render={(value: number) => (f === 'paidAmount' ? yuan(value) : value)}
          />
        ))}
      </Table>
    </List>
  );
}
