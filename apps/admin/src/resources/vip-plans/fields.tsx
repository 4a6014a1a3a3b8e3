import { VIP_BADGE_TEXT, VIP_PLAN_LIMITS } from '@ld/contract/admin/vip-plans';
import { vipBadges } from '@ld/contract/vip';
import { Form, Input, InputNumber, Select, Switch } from 'antd';

/** The fields of a membership plan, shared by 新建 and 编辑; the server checks the same rules and names the field it refuses. */
export function VipPlanFields() {
  return (
    <>
      <Form.Item
        label="套餐名称"
        name="name"
        rules={[
          { required: true, whitespace: true, message: '请填写套餐名称' },
          { max: VIP_PLAN_LIMITS.nameMax, message: `套餐名称最多 ${VIP_PLAN_LIMITS.nameMax} 个字` },
        ]}
      >
        <Input maxLength={VIP_PLAN_LIMITS.nameMax} showCount style={{ width: 300 }} />
      </Form.Item>
      <Form.Item label="会员天数" name="days" rules={[{ required: true, message: '请填写会员天数' }]}>
        <InputNumber min={1} max={VIP_PLAN_LIMITS.daysMax} precision={0} style={{ width: 200 }} />
      </Form.Item>
      <Form.Item label="价格（钻石）" name="price" rules={[{ required: true, message: '请填写价格' }]}>
        <InputNumber min={1} max={VIP_PLAN_LIMITS.priceMax} precision={0} style={{ width: 200 }} />
      </Form.Item>
      <Form.Item label="原价（钻石）" name="originalPrice" extra="高于价格时显示划线原价；留空即与价格相同">
        <InputNumber min={1} max={VIP_PLAN_LIMITS.priceMax} precision={0} style={{ width: 200 }} />
      </Form.Item>
      <Form.Item
        label="徽章"
        name="badge"
        initialValue="month"
        rules={[{ validator: (_, v) => (v ? Promise.resolve() : Promise.reject(new Error('请选择徽章'))) }]}
      >
        <Select
          style={{ width: 200 }}
          options={vipBadges.map((b) => ({ value: b, label: VIP_BADGE_TEXT[b] }))}
        />
      </Form.Item>
      <Form.Item
        label="说明"
        name="description"
        rules={[
          { max: VIP_PLAN_LIMITS.descriptionMax, message: `说明最多 ${VIP_PLAN_LIMITS.descriptionMax} 个字` },
        ]}
      >
        <Input.TextArea rows={2} maxLength={VIP_PLAN_LIMITS.descriptionMax} showCount />
      </Form.Item>
      <Form.Item label="排序" name="sort" initialValue={0} extra="数字小的排在前面">
        <InputNumber min={0} max={VIP_PLAN_LIMITS.sortMax} precision={0} style={{ width: 200 }} />
      </Form.Item>
      <Form.Item
        label="上架"
        name="published"
        valuePropName="checked"
        initialValue={false}
        extra="上架后，用户下一次打开会员页即可看到；已开通的会员不受修改影响。"
      >
        <Switch />
      </Form.Item>
    </>
  );
}
