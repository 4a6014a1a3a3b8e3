import type { SensitiveImportResult } from '@ld/contract/admin/sensitive-words';
import { useCustomMutation, useInvalidate } from '@refinedev/core';
import { Alert, Card, Form, Input, Space, Typography } from 'antd';
import { useState } from 'react';
import { BusyButton } from '../../shared/busy-button';
import { FilePickButton } from '../../shared/file-pick-button';

/** What an import did, in words. */
function ImportResult({ result }: { result: SensitiveImportResult }) {
  return (
    <Alert
      type={result.invalid > 0 ? 'warning' : 'success'}
      showIcon
      role="status"
      message={`已导入 ${result.added} 个，跳过重复 ${result.duplicates} 个，无效 ${result.invalid} 行`}
      description={
        result.invalidLines.length > 0
          ? `无效的行（过长，或只有空格和标点）：${result.invalidLines.map((l) => `第 ${l.line} 行「${l.text}」`).join('、')}`
          : undefined
      }
    />
  );
}

/**
 * 批量导入: pasted lines or a TXT/CSV file (UTF-8 or GBK, a CSV's first column), one word a line.
 * Words already listed — or repeated — are skipped and counted, as the filter compares them.
 */
export function ImportCard() {
  const [form] = Form.useForm<{ text: string }>();
  const invalidate = useInvalidate();
  const { mutate, mutation } = useCustomMutation<SensitiveImportResult>();
  const [result, setResult] = useState<SensitiveImportResult | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const done = (answer: { data: SensitiveImportResult }) => {
    setResult(answer.data);
    void invalidate({ resource: 'sensitive-words', invalidates: ['list'] });
  };
  const importText = ({ text }: { text: string }) =>
    mutate(
      {
        url: '/sensitive-words/import',
        method: 'post',
        values: { text },
        successNotification: false,
        errorNotification: false,
      },
      {
        onSuccess: (answer) => {
          done(answer);
          form.resetFields();
        },
        onError: (err) => {
          const message = err.errors?.text;
          form.setFields([{ name: 'text', errors: [typeof message === 'string' ? message : err.message] }]);
        },
      },
    );
  const importFile = (file: File) => {
    const body = new FormData();
    body.append('file', file);
    setFileError(null);
    mutate(
      {
        url: '/sensitive-words/import-file',
        method: 'post',
        values: body as never,
        successNotification: false,
        errorNotification: false,
      },
      { onSuccess: done, onError: (err) => setFileError(err.message) },
    );
  };
  return (
    <Card title="批量导入" size="small" style={{ marginBottom: 16 }}>
      <Form form={form} name="sensitive-import" layout="vertical" onFinish={importText} requiredMark={false}>
        <Form.Item
          label="粘贴敏感词（每行一个）"
          name="text"
          rules={[{ required: true, whitespace: true, message: '请粘贴要导入的敏感词，每行一个' }]}
        >
          <Input.TextArea rows={4} placeholder={'赌博\n代练\n外挂'} />
        </Form.Item>
        <Space wrap align="center">
          <BusyButton type="primary" htmlType="submit" pending={mutation.isPending}>
            导入粘贴的词
          </BusyButton>
          <Typography.Text>或从文件导入：</Typography.Text>
          <FilePickButton
            accept=".txt,.csv,text/plain,text/csv"
            disabled={mutation.isPending}
            onFile={importFile}
          >
            选择 TXT 或 CSV 文件
          </FilePickButton>
          <Typography.Text type="secondary">TXT 或 CSV（取第一列），UTF-8 或 GBK，2MB 以内</Typography.Text>
        </Space>
      </Form>
      <div style={{ marginTop: 12 }}>
        {fileError ? (
          <Alert type="error" showIcon role="alert" message={`文件导入失败：${fileError}`} />
        ) : null}
        {result ? <ImportResult result={result} /> : null}
      </div>
    </Card>
  );
}
