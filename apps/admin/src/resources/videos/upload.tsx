import type { AdminVideo } from '@ld/contract/admin/videos';
import type { WorkCategory } from '@ld/contract/admin/works';
import { useCustom, useCustomMutation } from '@refinedev/core';
import { Button, Form, Input, InputNumber, Modal, Select, Space, Switch, Typography, Upload } from 'antd';
import { useState } from 'react';
import { busyOk } from '../../shared/busy-button';

interface Values {
  title: string;
  intro?: string;
  categoryId: number;
  price?: number;
  vip?: boolean;
  published?: boolean;
  /** Only for its error: the file itself is kept apart (antd's Upload). */
  file?: never;
}

/**
 * 上传视频: the fields, then the file (multipart, fields first); the server takes it in on arrival
 * (the cover is the frame at 1 second) or names what was wrong under the field.
 */
export function VideoUploadModal({
  open,
  onClose,
  onDone,
}: {
  open: boolean;
  onClose: () => void;
  onDone: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const [file, setFile] = useState<File | null>(null);
  const send = useCustomMutation<AdminVideo>();
  const categories = useCustom<WorkCategory[]>({ url: '/videos/categories', method: 'get' });
  const close = () => {
    form.resetFields();
    setFile(null);
    onClose();
  };
  const submit = (values: Values) => {
    if (!file) {
      form.setFields([{ name: 'file', errors: ['请选择要上传的视频'] }]);
      return;
    }
    const body = new FormData();
    body.append('title', values.title);
    body.append('intro', values.intro ?? '');
    body.append('categoryId', String(values.categoryId));
    body.append('price', String(values.price ?? 0));
    body.append('vip', String(values.vip ?? false));
    body.append('published', String(values.published ?? true));
    body.append('file', file);
    send.mutate(
      {
        url: '/videos',
        method: 'post',
        values: body,
        successNotification: (data) => ({
          type: 'success',
          message: `已上传「${data?.data.title ?? ''}」，封面已生成`,
        }),
        errorNotification: false,
      },
      {
        onSuccess: () => {
          onDone();
          close();
        },
        onError: (error) => {
          const field = (error as { errors?: Record<string, string> }).errors;
          const [name, text] = field ? Object.entries(field)[0] : ['file', error.message];
          form.setFields([{ name: name as keyof Values, errors: [text] }]);
        },
      },
    );
  };
  return (
    <Modal
      title="上传视频"
      open={open}
      okText="上传"
      cancelText="取消"
      okButtonProps={busyOk(send.mutation.isPending)}
      onOk={() => form.submit()}
      onCancel={close}
      destroyOnHidden
      width={560}
    >
      <Form<Values> form={form} name="video-upload" layout="vertical" requiredMark={false} onFinish={submit}>
        <Form.Item
          label="标题"
          name="title"
          rules={[
            { required: true, whitespace: true, message: '请填写视频标题' },
            { max: 64, message: '视频标题最多 64 字' },
          ]}
        >
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item
          label="分类"
          name="categoryId"
          rules={[{ validator: (_, v) => (v ? Promise.resolve() : Promise.reject(new Error('请选择分类'))) }]}
        >
          <Select
            aria-label="分类"
            loading={categories.query.isLoading}
            options={(categories.query.data?.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
            style={{ width: 240 }}
          />
        </Form.Item>
        <Form.Item label="简介" name="intro" rules={[{ max: 1000, message: '简介最多 1000 字' }]}>
          <Input.TextArea rows={3} maxLength={1000} />
        </Form.Item>
        <Space size={24}>
          <Form.Item label="价格（钻石，0 为免费）" name="price" initialValue={0}>
            <InputNumber min={0} max={100000} precision={0} />
          </Form.Item>
          <Form.Item label="会员免费" name="vip" valuePropName="checked" initialValue={false}>
            <Switch />
          </Form.Item>
          <Form.Item label="立即发布" name="published" valuePropName="checked" initialValue={true}>
            <Switch />
          </Form.Item>
        </Space>
        <Form.Item label="视频文件" name="file" extra="MP4、MOV 或 WebM；上传后自动截取第 1 秒画面作为封面。">
          <Space>
            <Upload
              accept=".mp4,.m4v,.mov,.webm,video/mp4,video/quicktime,video/webm"
              showUploadList={false}
              beforeUpload={(chosen) => {
                setFile(chosen);
                form.setFields([{ name: 'file', errors: [] }]);
                return false;
              }}
            >
              <Button>选择视频</Button>
            </Upload>
            <Typography.Text type="secondary">{file ? file.name : '未选择文件'}</Typography.Text>
          </Space>
        </Form.Item>
      </Form>
    </Modal>
  );
}
