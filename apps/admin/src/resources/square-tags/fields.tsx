import { SQUARE_TAG_NAME_MAX } from '@ld/contract/admin/square-tags';
import { Form, Input, InputNumber, Switch } from 'antd';

/** The fields of a square tag, shared by 新建 and 编辑; the server checks the same rules and names the field it refuses. */
export function SquareTagFields() {
  return (
    <>
      <Form.Item
        label="话题名称"
        name="name"
        rules={[
          { required: true, whitespace: true, message: '请填写话题名称' },
          { max: SQUARE_TAG_NAME_MAX, message: `话题名称最多 ${SQUARE_TAG_NAME_MAX} 个字` },
        ]}
      >
        <Input maxLength={SQUARE_TAG_NAME_MAX} showCount style={{ width: 300 }} />
      </Form.Item>
      <Form.Item label="排序" name="sort" initialValue={0} extra="数字小的排在前面">
        <InputNumber min={0} max={9999} precision={0} style={{ width: 200 }} />
      </Form.Item>
      <Form.Item
        label="启用"
        name="published"
        valuePropName="checked"
        initialValue={false}
        extra="启用后，用户下一次打开广场即可选择；停用的话题不再出现，已发的帖子保留它。"
      >
        <Switch />
      </Form.Item>
    </>
  );
}
