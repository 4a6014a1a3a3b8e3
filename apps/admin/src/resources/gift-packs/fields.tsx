import type { AdminGame } from '@ld/contract/admin/games';
import { useSelect } from '@refinedev/antd';
import { DatePicker, Form, Input, Select } from 'antd';

/** The game picker: searched on the server by name (drafts too: a pack can wait for its game). */
export function GameSelect({ disabled }: { disabled?: boolean }) {
  const { selectProps } = useSelect<AdminGame>({
    resource: 'games',
    optionLabel: 'name',
    optionValue: 'id',
    onSearch: (value) => [{ field: 'name', operator: 'contains', value }],
    pagination: { pageSize: 50 },
  });
  return (
    <Select
      {...selectProps}
      aria-label="游戏"
      disabled={disabled}
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
