import { type AdminSensitiveWord, SENSITIVE_WORD_MAX } from '@ld/contract/admin/sensitive-words';
import { DeleteButton, getDefaultSortOrder, List, useTable } from '@refinedev/antd';
import { type CrudFilters, useCreate } from '@refinedev/core';
import { Button, Card, Form, Input, Space, Table } from 'antd';
import { BusyButton } from '../../shared/busy-button';
import { QueryTable } from '../../shared/query-table';
import { formatTime } from '../../shared/time';
import { ImportCard } from './import-card';

interface Search {
  word?: string;
}

/**
 * 敏感词: the words the square refuses in posts and comments (folded for case, full-width and
 * inserted punctuation). A word added or removed applies at the next post, in every process.
 */
export function SensitiveWordList() {
  const { tableProps, tableQuery, searchFormProps, sorters } = useTable<
    AdminSensitiveWord,
    { message: string; statusCode: number },
    Search
  >({
    sorters: { initial: [{ field: 'id', order: 'desc' }] },
    onSearch: (values): CrudFilters => [
      { field: 'word', operator: 'contains', value: values.word?.trim() || undefined },
    ],
  });
  const [addForm] = Form.useForm<{ word: string }>();
  const { mutate: create, mutation } = useCreate<AdminSensitiveWord>();
  const add = ({ word }: { word: string }) =>
    create(
      {
        resource: 'sensitive-words',
        values: { word },
        successNotification: (data) => ({ type: 'success', message: `已添加「${data?.data.word ?? word}」` }),
        errorNotification: false,
      },
      {
        onSuccess: () => addForm.resetFields(),
        onError: (err) => {
          const message = err.errors?.word;
          addForm.setFields([
            { name: 'word', errors: [typeof message === 'string' ? message : err.message] },
          ]);
        },
      },
    );
  return (
    <List title="敏感词" canCreate={false}>
      <Card title="添加敏感词" size="small" style={{ marginBottom: 16 }}>
        <Form form={addForm} name="sensitive-add" layout="inline" onFinish={add} requiredMark={false}>
          <Form.Item
            label="敏感词"
            name="word"
            rules={[
              { required: true, whitespace: true, message: '请填写敏感词' },
              { max: SENSITIVE_WORD_MAX, message: `敏感词最多 ${SENSITIVE_WORD_MAX} 个字` },
            ]}
          >
            <Input maxLength={SENSITIVE_WORD_MAX} style={{ width: 240 }} />
          </Form.Item>
          <BusyButton type="primary" htmlType="submit" pending={mutation.isPending}>
            添加
          </BusyButton>
        </Form>
      </Card>
      <ImportCard />
      <Form
        {...searchFormProps}
        name="sensitive-filter"
        layout="inline"
        style={{ marginBottom: 16 }}
        aria-label="筛选敏感词"
      >
        <Form.Item label="包含" name="word">
          <Input allowClear placeholder="词中包含的文字" />
        </Form.Item>
        <Space>
          <Button htmlType="submit">筛选</Button>
        </Space>
      </Form>
      <QueryTable<AdminSensitiveWord>
        {...tableProps}
        query={tableQuery}
        rowKey="id"
        emptyText="词库是空的：添加或批量导入敏感词"
      >
        <Table.Column<AdminSensitiveWord>
          dataIndex="id"
          title="编号"
          sorter
          defaultSortOrder={getDefaultSortOrder('id', sorters)}
          width={100}
        />
        <Table.Column<AdminSensitiveWord>
          dataIndex="word"
          title="敏感词"
          sorter
          defaultSortOrder={getDefaultSortOrder('word', sorters)}
        />
        <Table.Column<AdminSensitiveWord>
          dataIndex="createTime"
          title="添加时间"
          render={formatTime}
          width={200}
        />
        <Table.Column<AdminSensitiveWord>
          title="操作"
          width={100}
          render={(_, record) => (
            <DeleteButton
              size="small"
              recordItemId={record.id}
              confirmTitle={`确定删除「${record.word}」吗？`}
              confirmOkText="删除"
              confirmCancelText="取消"
              successNotification={{ type: 'success', message: `已删除「${record.word}」` }}
            >
              删除
            </DeleteButton>
          )}
        />
      </QueryTable>
    </List>
  );
}
