import { CHANNEL_FIGURE_LABELS, type ChannelFigures } from '@ld/contract/admin/reports';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';

// recharts 3 (decision 0048): SVG charts of the channel report. Colours are dark enough for text
// contrast on white (the legends are text).

const COLORS = ['#0958d9', '#237804', '#ad4e00', '#722ed1', '#cf1322'];

const DAILY: Array<keyof ChannelFigures> = [
  'deviceInits',
  'downloadVisits',
  'registrations',
  'gameDownloads',
  'paidOrders',
];

/** Counts per day: every day of the range, zeros included. */
export function DailyLines({ days }: { days: Array<ChannelFigures & { day: string }> }) {
  return (
    <figure aria-label="每日趋势图" style={{ margin: 0 }}>
      <ResponsiveContainer width="100%" height={280}>
        <LineChart data={days} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
          <CartesianGrid stroke="#f0f0f0" />
          <XAxis dataKey="day" tickFormatter={(d: string) => d.slice(5)} />
          <YAxis allowDecimals={false} />
          <Tooltip />
          <Legend />
          {DAILY.map((f, i) => (
            <Line
              key={f}
              type="linear"
              dataKey={f}
              name={CHANNEL_FIGURE_LABELS[f]}
              stroke={COLORS[i]}
              strokeWidth={2}
              dot={false}
              isAnimationActive={false}
            />
          ))}
        </LineChart>
      </ResponsiveContainer>
    </figure>
  );
}

/** Registrations and paid orders per channel over the range (the ten channels with most registrations). */
export function ChannelBars({ channels }: { channels: Array<ChannelFigures & { channelId: string }> }) {
  return (
    <figure aria-label="各渠道注册与付费柱状图" style={{ margin: 0 }}>
      <ResponsiveContainer width="100%" height={280}>
        <BarChart data={channels.slice(0, 10)} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
          <CartesianGrid stroke="#f0f0f0" />
          <XAxis dataKey="channelId" />
          <YAxis allowDecimals={false} />
          <Tooltip />
          <Legend />
          <Bar dataKey="registrations" name="注册" fill={COLORS[0]} isAnimationActive={false} />
          <Bar dataKey="paidOrders" name="支付成功订单" fill={COLORS[1]} isAnimationActive={false} />
          <Bar dataKey="vipOpens" name="开通会员" fill={COLORS[2]} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </figure>
  );
}
