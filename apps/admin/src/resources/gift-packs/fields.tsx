import type { AdminGame } from '@ld/contract/admin/games';
import { useSelect } from '@refinedev/antd';
import { Form, Input, Select, type SelectProps } from 'antd';
import { DatePicker } from '../../shared/date-picker';
import { beijingNow } from '../../shared/time';

/** The game picker: searched on the server by name (drafts too: a pack can wait for its game). */
export function GameSelect(props: Pick<SelectProps, 'value' | 'onChange' | 'disabled' | 'id'>) {
  const { selectProps } = useSelect<AdminGame>({
    resource: 'games',
    optionLabel: 'name',
    optionValue: 'id',
    onSearch: (value) => [{ field: 'name', operator: 'contains', value }],
    pagination: { pageSize: 50 },
    // The chosen game's name, even when it is not among the first options.
    defaultValue: props.value,
  });
  // `props` carry the form's value and onChange (a Form.Item's child), after refine's search props.
  return (
    <Select
      {...selectProps}
      {...props}
      aria-label="游戏"
      allowClear
      style={{ width: 320 }}
      placeholder="搜索游戏名称"
    />
  );
}

/** The fields of a pack, shared by 新建 and 编辑; the claim window is one range picker. */
export function GiftPackFields({ editing }: { editing?: boolean }) {
  return (
    <>
      <Form.Item
        label="游戏"
        name="gameId"
        rules={[{ validator: (_, v) => (v ? Promise.resolve() : Promise.reject(new Error('请选择游戏'))) }]}
      >
        <GameSelect disabled={editing} />
      </Form.Item>
      <Form.Item
        label="礼包名称"
        name="title"
        rules={[
          { required: true, whitespace: true, message: '请填写礼包名称' },
          { max: 64, message: '礼包名称最多 64 字' },
        ]}
      >
        <Input maxLength={64} showCount style={{ maxWidth: 480 }} />
      </Form.Item>
      <Form.Item
        label="礼包内容"
        name="content"
        extra="兑换后玩家在游戏内得到什么，如：钻石×100、金币×5000"
        rules={[
          { required: true, whitespace: true, message: '请填写礼包内容' },
          { max: 255, message: '礼包内容最多 255 字' },
        ]}
      >
        <Input.TextArea rows={2} maxLength={255} showCount style={{ maxWidth: 480 }} />
      </Form.Item>
      <Form.Item
        label="领取时间"
        name="window"
        // A new pack opens now for 30 days unless changed (an edit loads the pack's own window).
        initialValue={editing ? undefined : [beijingNow().second(0), beijingNow().add(30, 'day').second(0)]}
        rules={[
          {
            validator: (_, v) =>
              v?.[0] && v?.[1] ? Promise.resolve() : Promise.reject(new Error('请选择开始和结束时间')),
          },
        ]}
      >
        <DatePicker.RangePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" />
      </Form.Item>
    </>
  );
}
