import { PACK_LIMITS } from '@ld/contract/admin/recharge-packs';
import { Form, Input, InputNumber, Switch } from 'antd';

/** ¥ from fen, as the recharge page shows it. */
export const yuan = (fen: number) => `¥${(fen / 100).toFixed(2)}`;

/** What the price field means in yuan, under the input, as it is typed. */
function PriceHint() {
  const price = Form.useWatch<number | null>('price');
  return <>单位：分（100 分 = 1 元）{typeof price === 'number' ? `，即 ${yuan(price)}` : ''}</>;
}

/** The fields of a recharge pack, shared by 新建 and 编辑; the server checks the same rules and names the field it refuses. */
export function RechargePackFields() {
  return (
    <>
      <Form.Item
        label="价格（分）"
        name="price"
        extra={<PriceHint />}
        rules={[{ required: true, message: '请填写价格' }]}
      >
        <InputNumber min={1} max={PACK_LIMITS.priceMax} precision={0} style={{ width: 200 }} />
      </Form.Item>
      <Form.Item label="到账钻石" name="diamonds" rules={[{ required: true, message: '请填写到账钻石' }]}>
        <InputNumber min={1} max={PACK_LIMITS.diamondsMax} precision={0} style={{ width: 200 }} />
      </Form.Item>
      <Form.Item label="赠送钻石" name="bonus" initialValue={0}>
        <InputNumber min={0} max={PACK_LIMITS.diamondsMax} precision={0} style={{ width: 200 }} />
      </Form.Item>
      <Form.Item
        label="角标"
        name="tag"
        extra="如「首充推荐」；留空则不显示"
        rules={[{ max: PACK_LIMITS.tagMax, message: `角标最多 ${PACK_LIMITS.tagMax} 个字` }]}
      >
        <Input maxLength={PACK_LIMITS.tagMax} showCount style={{ width: 300 }} />
      </Form.Item>
      <Form.Item label="排序" name="sort" initialValue={0} extra="数字小的排在前面">
        <InputNumber min={0} max={PACK_LIMITS.sortMax} precision={0} style={{ width: 200 }} />
      </Form.Item>
      <Form.Item
        label="上架"
        name="published"
        valuePropName="checked"
        initialValue={false}
        extra="上架后，用户下一次打开充值页即可看到；已下的订单按下单时的价格和钻石结算。"
      >
        <Switch />
      </Form.Item>
    </>
  );
}
