import { DatePicker as AntdDatePicker } from 'antd';
import type { Dayjs } from 'dayjs';
import dayjsGenerateConfig from 'rc-picker/es/generate/dayjs';
import { beijingNow } from './time';

/**
 * antd's DatePicker (and its RangePicker) on the console's clock (time.ts): the calendar's "today"
 * mark, the 此刻 button and a time panel's starting point read Beijing's wall clock, not the
 * computer's. It is antd's own picker made from the same dayjs adapter, with only "now" replaced.
 */
export const DatePicker = AntdDatePicker.generatePicker<Dayjs>({
  ...dayjsGenerateConfig,
  getNow: beijingNow,
});
