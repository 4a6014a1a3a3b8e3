import type { ImportLines, SaveImportAnswer, TxtPreview } from '@ld/contract/admin/novels';
import { type AdminWork, MAX_UNIT_TITLE } from '@ld/contract/admin/works';
import { useCustom, useCustomMutation, useGo, useInvalidate, useOne } from '@refinedev/core';
import {
  Alert,
  List as AntList,
  Button,
  Card,
  Checkbox,
  Descriptions,
  Input,
  Modal,
  Space,
  Table,
  Tag,
  Typography,
  Upload,
} from 'antd';
import { useState } from 'react';
import { useParams } from 'react-router';
import { BusyButton } from '../../shared/busy-button';
import {
  mergedWithNext,
  type PlannedChapter,
  planOf,
  renamed,
  savedChapters,
  splitAt,
  toggledDrop,
} from './import-plan';

/** The server's field prefix (`file: …`) is for forms; here the message is shown alone. */
const withoutField = (message: string | undefined) => (message ?? '').replace(/^[A-Za-z][\w.]*: /, '');

/** 第十二章 …, 第3节, 番外: a line the editor most likely splits at as the new chapter's heading. */
const looksLikeHeading = (line: string) =>
  line.length <= 30 && /^(第.{1,12}[章节回卷集部篇]|序章|楔子|尾声|后记|番外)/.test(line);

interface Splitting {
  chapter: PlannedChapter;
  line: number | null;
  title: string;
  lineIsTitle: boolean;
}

/**
 * 导入 TXT: upload a UTF-8 or GBK file, check the proposed chapters (rename, merge with the next,
 * split at a line, leave out), then save them after the book's last chapter.
 */
export function NovelImport() {
  const { id } = useParams();
  const workId = Number(id);
  const go = useGo();
  const invalidate = useInvalidate();
  const work = useOne<AdminWork>({ resource: 'novels', id: workId });
  const upload = useCustomMutation<TxtPreview>();
  const save = useCustomMutation<SaveImportAnswer>();
  const [preview, setPreview] = useState<TxtPreview | null>(null);
  const [plan, setPlan] = useState<PlannedChapter[]>([]);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [splitting, setSplitting] = useState<Splitting | null>(null);
  const title = work.query.data?.data.title ?? '';
  const kept = plan.filter((c) => !c.dropped);

  const send = (file: File) => {
    const form = new FormData();
    form.append('file', file);
    setUploadError(null);
    setSaveError(null);
    upload.mutate(
      {
        url: `/novels/${workId}/imports`,
        method: 'post',
        values: form as never,
        successNotification: false,
        errorNotification: false,
      },
      {
        onSuccess: (answer) => {
          setPreview(answer.data);
          setPlan(planOf(answer.data.chapters));
        },
        onError: (error) => {
          setPreview(null);
          setPlan([]);
          setUploadError(withoutField(error.message));
        },
      },
    );
  };

  const saveAll = () => {
    if (!preview) return;
    setSaveError(null);
    save.mutate(
      {
        url: `/novels/${workId}/imports/${preview.importId}`,
        method: 'post',
        values: { chapters: savedChapters(plan) },
        successNotification: (answer) => ({
          type: 'success',
          message: `已导入 ${answer?.data.added ?? 0} 章，全书共 ${answer?.data.unitCount ?? 0} 章`,
        }),
        errorNotification: false,
      },
      {
        onSuccess: () => {
          void invalidate({ resource: 'novels', id: workId, invalidates: ['detail', 'list'] });
          go({ to: `/novels/edit/${workId}` });
        },
        onError: (error) => setSaveError(withoutField(error.message)),
      },
    );
  };

  const openSplit = (chapter: PlannedChapter) =>
    setSplitting({ chapter, line: null, title: '', lineIsTitle: true });
  // The lines of the chapter being split (at most 500: where a split goes is near its start).
  const linesQuery = useCustom<ImportLines>({
    url: `/novels/${workId}/imports/${preview?.importId ?? ''}/lines`,
    method: 'get',
    config: {
      query: {
        from: splitting?.chapter.from ?? 0,
        count: Math.min(500, Math.max(1, (splitting?.chapter.to ?? 1) - (splitting?.chapter.from ?? 0))),
      },
    },
    queryOptions: { enabled: splitting !== null && preview !== null },
  });
  const splitLines = splitting ? (linesQuery.query.data?.data.lines ?? null) : null;

  const applySplit = () => {
    if (!splitting || !splitLines || splitting.line === null) return;
    const lines = splitLines;
    const { chapter, line } = splitting;
    const offset = line - chapter.from;
    setPlan((p) =>
      splitAt(p, chapter.key, {
        line,
        title: splitting.title.trim() || lines[offset],
        lineIsTitle: splitting.lineIsTitle,
        firstChars: lines.slice(0, offset).reduce((n, l) => n + l.length, 0),
        lineChars: lines[offset].length,
        excerpt: (splitting.lineIsTitle ? (lines[offset + 1] ?? '') : lines[offset]).slice(0, 40),
      }),
    );
    setSplitting(null);
  };

  return (
    <Card
      title={`导入 TXT：${title}`}
      extra={
        <Button onClick={() => go({ to: `/novels/edit/${workId}` })} aria-label="返回编辑页">
          返回
        </Button>
      }
    >
      <Upload.Dragger
        accept=".txt,text/plain"
        showUploadList={false}
        disabled={upload.mutation.isPending}
        beforeUpload={(file) => {
          send(file);
          return false;
        }}
      >
        <p style={{ fontSize: 16, margin: '8px 0' }}>
          {upload.mutation.isPending ? '正在读取与分章…' : '点击或拖入 TXT 文件'}
        </p>
        <p style={{ color: '#595959' }}>
          UTF-8 或 GBK 编码自动识别，最大 20MB；按“第…章”“第…卷”分章，保存前可修改
        </p>
      </Upload.Dragger>
      {uploadError ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          style={{ marginTop: 16 }}
          message="无法导入这个文件"
          description={uploadError}
        />
      ) : null}
      {preview ? (
        <>
          <Descriptions size="small" bordered column={4} style={{ marginTop: 16 }}>
            <Descriptions.Item label="文件">{preview.fileName}</Descriptions.Item>
            <Descriptions.Item label="编码">{preview.encoding === 'gbk' ? 'GBK' : 'UTF-8'}</Descriptions.Item>
            <Descriptions.Item label="大小">{(preview.bytes / 1024).toFixed(0)} KB</Descriptions.Item>
            <Descriptions.Item label="将保存">
              {kept.length} 章（共分出 {plan.length} 章）
            </Descriptions.Item>
          </Descriptions>
          {preview.warnings.length > 0 ? (
            <Alert
              type="warning"
              showIcon
              style={{ marginTop: 16 }}
              message={`请检查 ${preview.warnings.length} 处可能的分章问题`}
              description={
                <ul style={{ margin: 0, paddingLeft: 20 }}>
                  {preview.warnings.map((w) => (
                    <li key={w}>{w}</li>
                  ))}
                </ul>
              }
            />
          ) : null}
          {saveError ? (
            <Alert
              type="error"
              showIcon
              role="alert"
              style={{ marginTop: 16 }}
              message="保存失败"
              description={saveError}
            />
          ) : null}
          <Table<PlannedChapter>
            style={{ marginTop: 16 }}
            rowKey="key"
            size="small"
            dataSource={plan}
            pagination={{ defaultPageSize: 50, showSizeChanger: true, showTotal: (n) => `共 ${n} 章` }}
            rowClassName={(c) => (c.dropped ? 'import-dropped' : '')}
            columns={[
              { title: '序', width: 60, render: (_, _c, i) => i + 1 },
              {
                title: '章节标题',
                render: (_, c) => (
                  <Input
                    aria-label={`第 ${plan.indexOf(c) + 1} 章标题`}
                    value={c.title}
                    disabled={c.dropped}
                    status={c.title.trim() === '' ? 'error' : undefined}
                    maxLength={MAX_UNIT_TITLE}
                    onChange={(e) => setPlan((p) => renamed(p, c.key, e.target.value))}
                  />
                ),
              },
              { title: '卷', dataIndex: 'volume', width: 140, render: (v: string | null) => v ?? '—' },
              { title: '字数', dataIndex: 'chars', width: 80 },
              {
                title: '开头',
                dataIndex: 'excerpt',
                ellipsis: true,
                render: (text: string) => <Typography.Text type="secondary">{text}</Typography.Text>,
              },
              {
                title: '操作',
                width: 230,
                render: (_, c) => (
                  <Space size={4}>
                    <Button
                      size="small"
                      disabled={c.dropped || plan.indexOf(c) === plan.length - 1}
                      onClick={() => setPlan((p) => mergedWithNext(p, c.key))}
                    >
                      并入下一章
                    </Button>
                    <Button
                      size="small"
                      disabled={c.dropped || c.to - c.from < 2}
                      onClick={() => openSplit(c)}
                    >
                      拆分
                    </Button>
                    <Button
                      size="small"
                      danger={!c.dropped}
                      onClick={() => setPlan((p) => toggledDrop(p, c.key))}
                    >
                      {c.dropped ? '恢复' : '不导入'}
                    </Button>
                  </Space>
                ),
              },
            ]}
          />
          <Space style={{ marginTop: 16 }}>
            <BusyButton
              type="primary"
              pending={save.mutation.isPending}
              disabled={kept.length === 0 || kept.some((c) => c.title.trim() === '')}
              onClick={saveAll}
            >
              保存 {kept.length} 章
            </BusyButton>
            {kept.some((c) => c.title.trim() === '') ? <Tag color="error">有章节标题为空</Tag> : null}
          </Space>
        </>
      ) : null}
      <Modal
        open={splitting !== null}
        title={`拆分「${splitting?.chapter.title ?? ''}」`}
        okText="拆分"
        cancelText="取消"
        okButtonProps={{ disabled: splitting?.line === null || splitting?.line === undefined }}
        onOk={applySplit}
        onCancel={() => setSplitting(null)}
        width={760}
      >
        {linesQuery.query.isError ? (
          <Alert type="error" showIcon message="读取失败" description={linesQuery.query.error?.message} />
        ) : null}
        <Typography.Paragraph type="secondary">选择新章节从哪一段开始：</Typography.Paragraph>
        {/* A keyboard reaches the scrolled lines too (the region takes focus and scrolls). */}
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable (axe scrollable-region-focusable) */}
        <section tabIndex={0} aria-label="本章正文" style={{ maxHeight: 320, overflow: 'auto' }}>
          <AntList
            size="small"
            bordered
            loading={splitting !== null && linesQuery.query.isLoading}
            dataSource={(splitLines ?? []).map((text, i) => ({
              text,
              line: (splitting?.chapter.from ?? 0) + i,
            }))}
            renderItem={(item, i) => (
              <AntList.Item
                style={{
                  cursor: i === 0 ? 'default' : 'pointer',
                  background: splitting?.line === item.line ? '#e6f4ff' : undefined,
                }}
                onClick={() =>
                  i > 0 &&
                  setSplitting((s) =>
                    s
                      ? {
                          ...s,
                          line: item.line,
                          // A line that reads like a heading becomes the title; prose starts the chapter.
                          title: looksLikeHeading(item.text) ? item.text : '',
                          lineIsTitle: looksLikeHeading(item.text),
                        }
                      : s,
                  )
                }
              >
                <Typography.Text ellipsis style={{ maxWidth: 680 }}>
                  {item.text}
                </Typography.Text>
              </AntList.Item>
            )}
          />
        </section>
        {splitting?.line !== null && splitting?.line !== undefined ? (
          <Space direction="vertical" style={{ marginTop: 12, width: '100%' }}>
            <Input
              aria-label="新章节标题"
              placeholder="新章节标题"
              value={splitting.title}
              maxLength={MAX_UNIT_TITLE}
              onChange={(e) => setSplitting((s) => (s ? { ...s, title: e.target.value } : s))}
            />
            <Checkbox
              checked={splitting.lineIsTitle}
              onChange={(e) => setSplitting((s) => (s ? { ...s, lineIsTitle: e.target.checked } : s))}
            >
              这一行是标题（不计入正文）
            </Checkbox>
          </Space>
        ) : null}
      </Modal>
    </Card>
  );
}
