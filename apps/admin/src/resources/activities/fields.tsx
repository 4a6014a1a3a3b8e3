import { ACTIVITY_LIMITS } from '@ld/contract/admin/activities';
import { Form, Input, InputNumber, Switch } from 'antd';
import type { Dayjs } from 'dayjs';
import { DatePicker } from '../../shared/date-picker';
import { ImageUploadField } from '../../shared/image-upload-field';
import { beijingPicked, pickedInstant } from '../../shared/time';

/** The form keeps the API's ISO times; the pickers show them in Beijing time (shared/time.ts). */
const asPicked = (value?: string) => ({ value: value ? beijingPicked(value) : undefined });
const asIso = (value?: Dayjs | null) => (value ? pickedInstant(value.second(0).millisecond(0)) : undefined);

/** The fields of an activity, shared by 新建 and 编辑; the server checks the same rules and names the field it refuses. */
export function ActivityFields() {
  return (
    <>
      <Form.Item
        label="活动标题"
        name="title"
        rules={[
          { required: true, whitespace: true, message: '请填写活动标题' },
          { max: ACTIVITY_LIMITS.titleMax, message: `活动标题最多 ${ACTIVITY_LIMITS.titleMax} 字` },
        ]}
      >
        <Input maxLength={ACTIVITY_LIMITS.titleMax} showCount style={{ maxWidth: 480 }} />
      </Form.Item>
      <Form.Item label="一句话简介" name="summary" extra="活动中心列表里标题下的一行字">
        <Input maxLength={ACTIVITY_LIMITS.summaryMax} showCount style={{ maxWidth: 480 }} />
      </Form.Item>
      <Form.Item label="横幅图片" name="banner" rules={[{ required: true, message: '请上传横幅图片' }]}>
        <ImageUploadField
          uploadUrl="/activities/banner"
          hint="JPG、PNG、WebP 或 GIF，5MB 以内；建议 1280×720（16:9，活动中心按手机宽度显示）"
          previewAlt="活动横幅预览"
          previewSize={{ width: 320, height: 180 }}
        />
      </Form.Item>
      <Form.Item
        label="开始时间"
        name="startTime"
        getValueProps={asPicked}
        normalize={asIso}
        rules={[{ required: true, message: '请选择开始时间' }]}
      >
        <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" />
      </Form.Item>
      <Form.Item
        label="结束时间"
        name="endTime"
        getValueProps={asPicked}
        normalize={asIso}
        dependencies={['startTime']}
        extra="任务只统计开始与结束之间用户的真实记录"
        rules={[
          { required: true, message: '请选择结束时间' },
          ({ getFieldValue }) => ({
            validator: (_, end?: string) => {
              const start = getFieldValue('startTime') as string | undefined;
              return !start || !end || Date.parse(end) > Date.parse(start)
                ? Promise.resolve()
                : Promise.reject(new Error('结束时间须晚于开始时间'));
            },
          }),
        ]}
      >
        <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" />
      </Form.Item>
      <Form.Item
        label="活动规则（HTML）"
        name="rulesHtml"
        extra="支持段落、加粗、列表等常用标签；脚本、事件属性等不安全的内容会在保存时被清除。"
      >
        <Input.TextArea rows={6} maxLength={ACTIVITY_LIMITS.rulesMax} style={{ maxWidth: 720 }} />
      </Form.Item>
      <Form.Item
        label="排序"
        name="sort"
        initialValue={0}
        extra="同一状态（进行中、即将开始、已结束）内数字小的排在前面"
      >
        <InputNumber min={0} max={9999} precision={0} style={{ width: 200 }} />
      </Form.Item>
      <Form.Item
        label="发布"
        name="published"
        valuePropName="checked"
        initialValue={false}
        extra="发布后，用户下一次打开活动中心即可看到。"
      >
        <Switch />
      </Form.Item>
    </>
  );
}
