import { BANNER_LIMITS } from '@ld/contract/admin/home';
import { Form, Input, InputNumber, Switch } from 'antd';
import { ImageUploadField } from '../../shared/image-upload-field';

/** The fields of a home banner, shared by 新建 and 编辑; the server checks the same rules and names the field it refuses. */
export function BannerFields() {
  return (
    <>
      <Form.Item label="横幅图片" name="image" rules={[{ required: true, message: '请上传横幅图片' }]}>
        <ImageUploadField
          uploadUrl="/home-banners/image"
          hint="JPG、PNG、WebP 或 GIF，5MB 以内；建议 1380×520（首页按 690×260 显示）"
          previewAlt="横幅预览"
          previewSize={{ width: 345, height: 130 }}
        />
      </Form.Item>
      <Form.Item
        label="图片说明"
        name="alt"
        extra="读屏软件读出的文字，也是轮播指示点的名称"
        rules={[
          { required: true, whitespace: true, message: '请填写图片说明' },
          { max: BANNER_LIMITS.altMax, message: `图片说明最多 ${BANNER_LIMITS.altMax} 个字` },
        ]}
      >
        <Input maxLength={BANNER_LIMITS.altMax} showCount style={{ width: 400 }} />
      </Form.Item>
      <Form.Item
        label="跳转地址"
        name="link"
        extra="站内路径（如 /checkin、/recharge、/detail/50001）或 https:// 开头的网址"
        rules={[{ required: true, whitespace: true, message: '请填写跳转地址' }]}
      >
        <Input maxLength={BANNER_LIMITS.linkMax} style={{ width: 400 }} />
      </Form.Item>
      <Form.Item label="排序" name="sort" initialValue={0} extra="数字小的排在前面">
        <InputNumber min={0} max={BANNER_LIMITS.sortMax} precision={0} style={{ width: 200 }} />
      </Form.Item>
      <Form.Item
        label="发布"
        name="published"
        valuePropName="checked"
        initialValue={false}
        extra="发布后，用户下一次打开首页即可看到。"
      >
        <Switch />
      </Form.Item>
    </>
  );
}
