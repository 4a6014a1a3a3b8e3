import type { AdminGiftPack, ImportCodesAnswer } from '@ld/contract/admin/gift-packs';
import { useCustomMutation } from '@refinedev/core';
import { Alert, Button, Form, Input, Modal, Radio, Space, Typography, Upload } from 'antd';
import { useState } from 'react';
import { busyOk } from '../../shared/busy-button';

/** The answer of an import, in words. */
export function importSummary(a: ImportCodesAnswer): string {
  const refused = a.duplicatesInFile + a.duplicatesInPool;
  return `新增 ${a.added} 个兑换码${
    refused > 0
      ? `，重复未导入 ${refused} 个（文件内重复 ${a.duplicatesInFile} 个，码池已有 ${a.duplicatesInPool} 个）`
      : ''
  }；库存 ${a.remaining} / ${a.total}`;
}

interface Values {
  format: 'lines' | 'csv';
  text: string;
}

/**
 * 导入兑换码: pasted, one a line, or a CSV file read in the browser and sent as text; the server
 * refuses a broken file with its line (shown under the field) and adds nothing then.
 */
export function ImportCodesModal({
  pack,
  onClose,
  onImported,
}: {
  pack: AdminGiftPack | null;
  onClose: () => void;
  onImported: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const [answer, setAnswer] = useState<ImportCodesAnswer | null>(null);
  const [fileName, setFileName] = useState<string | null>(null);
  const send = useCustomMutation<ImportCodesAnswer>();
  const format = Form.useWatch('format', form) ?? 'lines';
  const close = () => {
    setAnswer(null);
    setFileName(null);
    form.resetFields();
    onClose();
  };
  return (
    <Modal
      title={pack ? `导入兑换码：${pack.title}` : '导入兑换码'}
      open={pack !== null}
      okText="导入"
      cancelText="关闭"
      okButtonProps={busyOk(send.mutation.isPending)}
      onOk={() => form.submit()}
      onCancel={close}
      destroyOnHidden
      width={600}
    >
      {pack ? (
        <Typography.Paragraph type="secondary">
          当前库存 {pack.remaining} / {pack.total}。重复的兑换码（本次内重复、码池已有）不会导入，并计入结果。
        </Typography.Paragraph>
      ) : null}
      {answer ? (
        <Alert
          type="success"
          showIcon
          role="status"
          style={{ marginBottom: 16 }}
          message={importSummary(answer)}
        />
      ) : null}
      <Form<Values>
        form={form}
        name="gift-codes-import"
        layout="vertical"
        requiredMark={false}
        initialValues={{ format: 'lines', text: '' }}
        onFinish={(values) =>
          pack &&
          send.mutate(
            {
              url: `/gift-packs/${pack.id}/codes`,
              method: 'post',
              values,
              successNotification: (data) => ({
                type: 'success',
                message: data ? importSummary(data.data) : '已导入',
              }),
              errorNotification: false,
            },
            {
              onSuccess: (data) => {
                setAnswer(data.data);
                form.setFieldValue('text', '');
                setFileName(null);
                onImported();
              },
              onError: (error) => {
                const field = (error as { errors?: Record<string, string> }).errors;
                const [name, text] = field ? Object.entries(field)[0] : ['text', error.message];
                form.setFields([{ name: name === 'format' ? 'format' : 'text', errors: [text] }]);
              },
            },
          )
        }
      >
        <Form.Item label="来源" name="format">
          <Radio.Group
            onChange={() => {
              form.setFieldValue('text', '');
              setFileName(null);
            }}
            options={[
              { value: 'lines', label: '粘贴（每行一个）' },
              { value: 'csv', label: 'CSV 文件' },
            ]}
          />
        </Form.Item>
        {format === 'csv' ? (
          <Form.Item
            label="CSV 文件"
            extra="表头需有 code、兑换码 或 礼包码 一列；只有一列时可以没有表头。UTF-8 编码。"
          >
            <Space>
              <Upload
                accept=".csv,text/csv"
                showUploadList={false}
                beforeUpload={(file) => {
                  void file.text().then((text) => {
                    form.setFieldValue('text', text);
                    form.setFields([{ name: 'text', errors: [] }]);
                    setFileName(file.name);
                  });
                  return false;
                }}
              >
                <Button>选择 CSV 文件</Button>
              </Upload>
              <Typography.Text type="secondary">{fileName ?? '未选择文件'}</Typography.Text>
            </Space>
            {/* The file's text; its errors (a broken line) show under this item. */}
            <Form.Item name="text" noStyle rules={[{ required: true, message: '请选择 CSV 文件' }]}>
              <Input type="hidden" />
            </Form.Item>
          </Form.Item>
        ) : (
          <Form.Item
            label="兑换码"
            name="text"
            rules={[{ required: true, whitespace: true, message: '请粘贴兑换码，每行一个' }]}
          >
            <Input.TextArea rows={8} placeholder={'每行一个兑换码，例如：\nVIP-2026-0001\nVIP-2026-0002'} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
