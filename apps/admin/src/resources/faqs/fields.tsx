import { FAQ_LIMITS } from '@ld/contract/admin/faqs';
import { Form, Input, InputNumber, Switch } from 'antd';

/** The fields of an FAQ entry, shared by 新建 and 编辑; the server checks the same rules and names the field it refuses. */
export function FaqFields() {
  return (
    <>
      <Form.Item
        label="问题"
        name="question"
        rules={[
          { required: true, whitespace: true, message: '请填写问题' },
          { max: FAQ_LIMITS.questionMax, message: `问题最多 ${FAQ_LIMITS.questionMax} 字` },
        ]}
      >
        <Input maxLength={FAQ_LIMITS.questionMax} showCount />
      </Form.Item>
      <Form.Item
        label="回答（HTML）"
        name="answer"
        extra="支持段落、加粗、列表、链接等常用标签；脚本、事件属性等不安全的内容会在展示时被清除。"
        rules={[
          { required: true, whitespace: true, message: '请填写回答' },
          { max: FAQ_LIMITS.answerMax, message: `回答最多 ${FAQ_LIMITS.answerMax} 字` },
        ]}
      >
        <Input.TextArea rows={8} maxLength={FAQ_LIMITS.answerMax} />
      </Form.Item>
      <Form.Item label="排序" name="sort" initialValue={0} extra="数字小的排在前面">
        <InputNumber min={0} max={9999} precision={0} style={{ width: 200 }} />
      </Form.Item>
      <Form.Item
        label="发布"
        name="published"
        valuePropName="checked"
        initialValue={false}
        extra="发布后，用户下一次打开常见问题即可看到。"
      >
        <Switch />
      </Form.Item>
    </>
  );
}
