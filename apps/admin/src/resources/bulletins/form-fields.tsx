import { Form, Input, Select, Switch } from 'antd';

/** The fields of a bulletin, shared by 新建 and 编辑; the server checks the same rules and names the field it refuses. */
export function BulletinFields() {
  return (
    <>
      <Form.Item
        label="标题"
        name="title"
        rules={[
          { required: true, whitespace: true, message: '请填写标题' },
          { max: 128, message: '标题最多 128 字' },
        ]}
      >
        <Input maxLength={128} showCount />
      </Form.Item>
      <Form.Item
        label="内容（HTML）"
        name="content"
        extra="支持段落、加粗、列表、链接等常用标签；脚本、事件属性等不安全的内容会在展示时被清除。"
        rules={[
          { required: true, whitespace: true, message: '请填写内容' },
          { max: 20000, message: '内容最多 20000 字' },
        ]}
      >
        <Input.TextArea rows={10} maxLength={20000} />
      </Form.Item>
      <Form.Item label="位置" name="posType" initialValue={1}>
        <Select style={{ width: 200 }} options={[{ value: 1, label: '启动弹窗（posType=1）' }]} />
      </Form.Item>
      <Form.Item
        label="发布"
        name="published"
        valuePropName="checked"
        initialValue={false}
        extra="发布后，用户下一次打开门户即可看到。"
      >
        <Switch checkedChildren="已发布" unCheckedChildren="未发布" />
      </Form.Item>
    </>
  );
}
