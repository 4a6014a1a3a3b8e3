import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { useTable } from '@refinedev/antd';
import {
  type BaseKey,
  type BaseRecord,
  type CrudFilters,
  type HttpError,
  useCustomMutation,
  useInvalidate,
  useUpdate,
} from '@refinedev/core';
import { Button, Form, type FormProps, Select, Tag } from 'antd';
import { BusyButton } from './busy-button';

// The list pages' shared row actions (docs/decisions/0060-site-settings-console.md, "One piece for
// publish and order"): 发布/下线 (or 上架/下架, 启用/停用, 显示/隐藏) saved at once from the row,
// the 状态 tag and filter that go with it, and 上移/下移 in the portal's order. Each list keeps
// its own columns and rules (when the button is disabled, what the notice says beyond the verb).

/** How a resource says it: the button's two verbs and the two states (tag and filter). */
export interface PublishWords {
  publish: string;
  unpublish: string;
  on: string;
  off: string;
}

export const PUBLISH_WORDS = {
  /** Bulletins, FAQ, banners, activities: 发布 / 下线, 已发布 / 未发布. */
  publish: { publish: '发布', unpublish: '下线', on: '已发布', off: '未发布' },
  /** Games, videos, novels, comics: what is not published is a draft (草稿). */
  draft: { publish: '发布', unpublish: '下线', on: '已发布', off: '草稿' },
  /** Recharge packs and VIP plans: on sale or not. */
  sale: { publish: '上架', unpublish: '下架', on: '已上架', off: '未上架' },
  /** Square tags: in use or not. */
  use: { publish: '启用', unpublish: '停用', on: '已启用', off: '已停用' },
  /** Home sections: shown on the home or hidden. */
  show: { publish: '显示', unpublish: '隐藏', on: '显示', off: '隐藏' },
} satisfies Record<string, PublishWords>;

/** The 状态 column: green when published. */
export function PublishedTag({ published, words }: { published: boolean; words: PublishWords }) {
  return published ? <Tag color="success">{words.on}</Tag> : <Tag>{words.off}</Tag>;
}

/** The 状态 filter of a list's search form: `published` as 'true' / 'false', cleared for all. */
export function PublishedFilter({
  words,
  label = '状态',
  labelSelect = false,
}: {
  words: PublishWords;
  label?: string;
  /** Names the select itself too (lists whose tests find the select by its name). */
  labelSelect?: boolean;
}) {
  return (
    <Form.Item label={label} name="published">
      <Select
        aria-label={labelSelect ? label : undefined}
        allowClear
        placeholder="全部"
        style={{ width: 120 }}
        options={[
          { value: 'true', label: words.on },
          { value: 'false', label: words.off },
        ]}
      />
    </Form.Item>
  );
}

interface Publishable {
  published: boolean;
}

/**
 * 发布/下线 of one row, saved at once as `{ published }` (the server audits it as publish or
 * unpublish and announces the change): the notice names the record, the list refreshes.
 */
export function usePublishToggle<T extends Publishable>({
  resource,
  name,
  words,
  id = (record) => (record as T & { id: BaseKey }).id,
  notice = (record, published) => `已${published ? words.publish : words.unpublish}「${name(record)}」`,
  failNotice = false,
}: {
  resource: string;
  /** What the notice calls the record (its title, its name). */
  name: (record: T) => string;
  words: PublishWords;
  /** The record's key in the resource's URL; `id` unless said. */
  id?: (record: T) => BaseKey;
  notice?: (record: T, published: boolean) => string;
  /** A failure says 发布失败 / 下线失败 with the server's reason, instead of refine's default. */
  failNotice?: boolean;
}) {
  const { mutate, mutation } = useUpdate<T>();
  const toggle = (record: T) => {
    const published = !record.published;
    mutate({
      resource,
      id: id(record),
      values: { published },
      successNotification: { type: 'success', message: notice(record, published) },
      ...(failNotice
        ? {
            errorNotification: (error) => ({
              type: 'error' as const,
              message: `${published ? words.publish : words.unpublish}失败`,
              description: error?.message,
            }),
          }
        : {}),
    });
  };
  const pending = (record: T) => mutation.isPending && mutation.variables?.id === id(record);
  return { toggle, pending, words };
}

/** The row's 发布/下线 button (its word follows the record's state). */
export function PublishButton<T extends Publishable>({
  record,
  action,
  disabled,
  title,
}: {
  record: T;
  action: ReturnType<typeof usePublishToggle<T>>;
  disabled?: boolean;
  /** Why it is disabled, on hover. */
  title?: string;
}) {
  return (
    <BusyButton
      size="small"
      disabled={disabled}
      title={title}
      pending={action.pending(record)}
      onClick={() => action.toggle(record)}
    >
      {record.published ? action.words.unpublish : action.words.publish}
    </BusyButton>
  );
}

/**
 * 上移/下移 in the portal's order: POST `/<resource>/<id>/move` with the direction (the server
 * swaps with the neighbour in one audited transaction), a notice naming the record, and the list
 * read again.
 */
export function useMoveInOrder<T extends { id: BaseKey }>({
  resource,
  name,
}: {
  resource: string;
  name: (record: T) => string;
}) {
  const { mutate } = useCustomMutation<T>();
  const invalidate = useInvalidate();
  return (record: T, direction: 'up' | 'down') =>
    mutate(
      {
        url: `/${resource}/${record.id}/move`,
        method: 'post',
        values: { direction },
        successNotification: {
          type: 'success',
          message: `已${direction === 'up' ? '上移' : '下移'}「${name(record)}」`,
        },
      },
      { onSuccess: () => void invalidate({ resource, invalidates: ['list'] }) },
    );
}

/** The row's two arrow buttons, each named with the record for screen readers. */
export function MoveButtons({ name, onMove }: { name: string; onMove: (direction: 'up' | 'down') => void }) {
  return (
    <>
      <Button
        size="small"
        icon={<ArrowUpOutlined />}
        title="上移"
        aria-label={`上移「${name}」`}
        onClick={() => onMove('up')}
      />
      <Button
        size="small"
        icon={<ArrowDownOutlined />}
        title="下移"
        aria-label={`下移「${name}」`}
        onClick={() => onMove('down')}
      />
    </>
  );
}

/**
 * The table of a short ordered site setting (banners, square tags, recharge packs, VIP plans): in
 * the portal's order (排序 ascending), filtered by 状态 alone.
 */
export function useOrderedSettingTable<T extends BaseRecord>() {
  return useTable<T, HttpError, { published?: 'true' | 'false' }>({
    sorters: { initial: [{ field: 'sort', order: 'asc' }] },
    onSearch: (values): CrudFilters => [{ field: 'published', operator: 'eq', value: values.published }],
  });
}

/** A search form of the 状态 filter alone, with its 筛选 button. */
export function PublishedFilterForm({
  formProps,
  name,
  label,
  words,
}: {
  formProps: FormProps;
  /** The form's name (its fields' ids). */
  name: string;
  /** The form's accessible name (筛选…). */
  label: string;
  words: PublishWords;
}) {
  return (
    <Form {...formProps} name={name} layout="inline" style={{ marginBottom: 16 }} aria-label={label}>
      <PublishedFilter words={words} />
      <Button type="primary" htmlType="submit">
        筛选
      </Button>
    </Form>
  );
}
