import { Button, Form, Input, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { DatePicker } from '../../shared/date-picker';
import { dayRangeFilter } from '../../shared/time';

/** What the moderation tables filter by. */
export interface ModSearch {
  source?: 'square' | 'thread';
  keyword?: string;
  author?: string;
  postId?: number;
  deleted?: 'true' | 'false';
  range?: [Dayjs | null, Dayjs | null] | null;
}

/** The search filters as refine filters (the data provider turns `between` into from/to). */
export const modFilters = (values: ModSearch) => [
  { field: 'source', operator: 'eq' as const, value: values.source },
  { field: 'keyword', operator: 'contains' as const, value: values.keyword?.trim() || undefined },
  { field: 'author', operator: 'eq' as const, value: values.author?.trim() || undefined },
  { field: 'postId', operator: 'eq' as const, value: values.postId || undefined },
  { field: 'deleted', operator: 'eq' as const, value: values.deleted },
  dayRangeFilter('createTime', values.range),
];

/** The filter row of 帖子审核 and 评论审核: text, author, time, state (and the post for comments). */
export function ModFilterItems({
  withPost = false,
  withSource = false,
}: {
  withPost?: boolean;
  withSource?: boolean;
}) {
  return (
    <>
      {withSource ? (
        <Form.Item label="来源" name="source">
          <Select
            placeholder="广场评论"
            allowClear
            style={{ width: 150 }}
            options={[
              { value: 'square', label: '广场评论' },
              { value: 'thread', label: '段评与剧集评论' },
            ]}
          />
        </Form.Item>
      ) : null}
      <Form.Item label="关键词" name="keyword">
        <Input allowClear placeholder="内容包含的文字" style={{ width: 180 }} />
      </Form.Item>
      <Form.Item label="作者" name="author">
        <Input allowClear placeholder="用户 ID 或名字" style={{ width: 150 }} />
      </Form.Item>
      {withPost ? (
        <Form.Item label="帖子 ID" name="postId">
          <Input allowClear inputMode="numeric" style={{ width: 110 }} />
        </Form.Item>
      ) : null}
      <Form.Item label="发布时间" name="range">
        <DatePicker.RangePicker allowEmpty={[true, true]} />
      </Form.Item>
      <Form.Item label="状态" name="deleted">
        <Select
          allowClear
          placeholder="全部"
          style={{ width: 110 }}
          options={[
            { value: 'false', label: '正常' },
            { value: 'true', label: '已删除' },
          ]}
        />
      </Form.Item>
      <Button type="primary" htmlType="submit">
        搜索
      </Button>
    </>
  );
}
