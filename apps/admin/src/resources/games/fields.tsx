import { MAX_GAME_TAG_LENGTH, MAX_GAME_TAGS } from '@ld/contract/admin/games';
import { Form, Input, InputNumber, Radio, Select } from 'antd';
import { useGameTypes } from './use-game-types';

/**
 * The fields of a game, shared by 新建 and 编辑. The server checks the same rules (a paid game costs
 * at least 1 diamond, a free one 0) and names the field it refuses, shown under the input.
 */
export function GameFields() {
  const { options, query } = useGameTypes();
  const form = Form.useFormInstance();
  const onlineType = Form.useWatch('onlineType', form);
  return (
    <>
      <Form.Item
        label="游戏名称"
        name="name"
        rules={[
          { required: true, whitespace: true, message: '请填写游戏名称' },
          { max: 64, message: '游戏名称最多 64 字' },
        ]}
      >
        <Input maxLength={64} showCount />
      </Form.Item>
      <Form.Item
        label="分类"
        name="typeId"
        // A validator, not `required`: antd would put aria-required on the Select's div (0048).
        rules={[
          { validator: (_, v) => (v ? Promise.resolve() : Promise.reject(new Error('请选择游戏分类'))) },
        ]}
      >
        <Select
          aria-label="分类"
          style={{ width: 240 }}
          options={options}
          loading={query.isLoading}
          placeholder="选择分类"
        />
      </Form.Item>
      <Form.Item label="下载方式" name="onlineType" initialValue={0}>
        <Radio.Group
          onChange={(e) => {
            if (e.target.value === 0) form.setFieldValue('buyAmount', 0);
          }}
          options={[
            { value: 0, label: '免费下载' },
            { value: 1, label: '付费（会员免费，已购可重复下载）' },
          ]}
        />
      </Form.Item>
      <Form.Item
        label="价格（钻石）"
        name="buyAmount"
        initialValue={0}
        extra={onlineType === 1 ? '非会员首次下载扣除这么多钻石。' : '免费游戏价格为 0。'}
      >
        <InputNumber min={0} max={100000} precision={0} disabled={onlineType !== 1} style={{ width: 160 }} />
      </Form.Item>
      <Form.Item
        label="版本号"
        name="version"
        initialValue="1.0.0"
        rules={[
          { required: true, whitespace: true, message: '请填写版本号' },
          { max: 32, message: '版本号最多 32 个字符' },
        ]}
      >
        <Input style={{ width: 240 }} maxLength={32} />
      </Form.Item>
      <Form.Item
        label="标签"
        name="tags"
        initialValue={[]}
        extra={`输入后按回车添加，最多 ${MAX_GAME_TAGS} 个，每个不超过 ${MAX_GAME_TAG_LENGTH} 字。`}
      >
        <Select
          aria-label="标签"
          mode="tags"
          open={false}
          tokenSeparators={[',', '，']}
          style={{ maxWidth: 480 }}
        />
      </Form.Item>
      <Form.Item
        label="简介"
        name="description"
        initialValue=""
        rules={[{ max: 2000, message: '简介最多 2000 字' }]}
      >
        <Input.TextArea rows={5} maxLength={2000} showCount />
      </Form.Item>
      <Form.Item
        label="排序值"
        name="sort"
        extra="越大越靠前；新建的游戏默认排在最前。也可在列表里上移、下移。"
      >
        <InputNumber min={0} max={1000000} precision={0} style={{ width: 160 }} />
      </Form.Item>
    </>
  );
}
