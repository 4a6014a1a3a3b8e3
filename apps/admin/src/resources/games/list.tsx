import type { AdminGame, AdminGameType } from '@ld/contract/admin/games';
import { EditButton, getDefaultSortOrder, List, useTable } from '@refinedev/antd';
import { type CrudFilters, useCustomMutation } from '@refinedev/core';
import { Button, Form, Image, Input, Modal, Select, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { busyOk } from '../../shared/busy-button';
import {
  MoveButtons,
  PUBLISH_WORDS,
  PublishButton,
  PublishedFilter,
  PublishedTag,
  useMoveInOrder,
  usePublishToggle,
} from '../../shared/publish-actions';
import { QueryTable } from '../../shared/query-table';
import { formatTime } from '../../shared/time';
import { useGameTypes } from './use-game-types';

interface Search {
  name?: string;
  typeId?: number;
  published?: 'true' | 'false';
}

/**
 * 游戏: the portal's order by default (排序值, highest first), with paging, sorting and the filters
 * on the server; publish/unpublish and move up/down in the row, each saved at once.
 */
export function GameList() {
  const { tableProps, tableQuery, searchFormProps, sorters } = useTable<
    AdminGame,
    { message: string; statusCode: number },
    Search
  >({
    sorters: { initial: [{ field: 'sort', order: 'desc' }] },
    onSearch: (values): CrudFilters => [
      { field: 'name', operator: 'contains', value: values.name?.trim() || undefined },
      { field: 'typeId', operator: 'eq', value: values.typeId },
      { field: 'published', operator: 'eq', value: values.published },
    ],
  });
  const types = useGameTypes();
  const [typeOpen, setTypeOpen] = useState(false);
  const [typeForm] = Form.useForm<{ name: string }>();
  const addType = useCustomMutation<AdminGameType>();

  const publish = usePublishToggle<AdminGame>({
    resource: 'games',
    name: (r) => r.name,
    words: PUBLISH_WORDS.draft,
  });
  const step = useMoveInOrder<AdminGame>({ resource: 'games', name: (r) => r.name });

  return (
    <List
      title="游戏"
      createButtonProps={{ children: '新建游戏' }}
      headerButtons={({ defaultButtons }) => (
        <>
          <Button onClick={() => setTypeOpen(true)}>新建分类</Button>
          {defaultButtons}
        </>
      )}
    >
      <Form
        {...searchFormProps}
        name="game-filter"
        layout="inline"
        style={{ marginBottom: 16 }}
        aria-label="筛选游戏"
      >
        <Form.Item label="名称" name="name">
          <Input allowClear placeholder="名称包含的文字" />
        </Form.Item>
        <Form.Item label="分类" name="typeId">
          <Select
            aria-label="分类"
            allowClear
            placeholder="全部"
            style={{ width: 140 }}
            options={types.options}
          />
        </Form.Item>
        <PublishedFilter words={PUBLISH_WORDS.draft} labelSelect />
        <Button type="primary" htmlType="submit">
          筛选
        </Button>
      </Form>
      <QueryTable<AdminGame>
        {...tableProps}
        query={tableQuery}
        rowKey="id"
        scroll={{ x: 1200 }}
        emptyText="没有符合条件的游戏，点「新建游戏」添加"
      >
        <Table.Column<AdminGame>
          dataIndex="icon"
          title="图标"
          width={64}
          render={(icon: string, record) =>
            icon ? (
              <Image
                src={icon}
                alt={`${record.name} 图标`}
                width={40}
                height={40}
                preview={false}
                style={{ borderRadius: 8 }}
              />
            ) : (
              <Typography.Text type="secondary">无</Typography.Text>
            )
          }
        />
        <Table.Column<AdminGame>
          dataIndex="id"
          title="编号"
          sorter
          defaultSortOrder={getDefaultSortOrder('id', sorters)}
          width={80}
        />
        <Table.Column<AdminGame>
          dataIndex="name"
          title="名称"
          sorter
          defaultSortOrder={getDefaultSortOrder('name', sorters)}
          width={160}
        />
        <Table.Column<AdminGame> dataIndex="typeName" title="分类" width={100} />
        <Table.Column<AdminGame>
          dataIndex="buyAmount"
          title="价格"
          width={96}
          render={(amount: number, record) => (
            <span style={{ whiteSpace: 'nowrap' }}>
              {record.onlineType === 0 ? '免费' : `${amount} 钻石`}
            </span>
          )}
        />
        <Table.Column<AdminGame>
          dataIndex="published"
          title="状态"
          width={90}
          render={(published: boolean) => <PublishedTag published={published} words={PUBLISH_WORDS.draft} />}
        />
        <Table.Column<AdminGame>
          dataIndex="hasAndroid"
          title="安装包"
          width={100}
          render={(_, record) =>
            [record.hasAndroid ? '安卓' : null, record.hasIos ? 'iOS' : null].filter(Boolean).join('、') ||
            '无'
          }
        />
        <Table.Column<AdminGame>
          dataIndex="sort"
          title="排序值"
          sorter
          defaultSortOrder={getDefaultSortOrder('sort', sorters)}
          width={100}
        />
        <Table.Column<AdminGame>
          dataIndex="downloadCount"
          title="下载"
          sorter
          defaultSortOrder={getDefaultSortOrder('downloadCount', sorters)}
          width={96}
        />
        <Table.Column<AdminGame>
          dataIndex="updateTime"
          title="更新时间"
          sorter
          defaultSortOrder={getDefaultSortOrder('updateTime', sorters)}
          render={formatTime}
          width={110}
        />
        <Table.Column<AdminGame>
          title="操作"
          width={210}
          // The table scrolls sideways below ~1,440 px wide; its actions stay in view.
          fixed="right"
          render={(_, record) => (
            <Space size={4} wrap>
              <EditButton size="small" recordItemId={record.id}>
                编辑
              </EditButton>
              <PublishButton
                record={record}
                action={publish}
                disabled={!record.published && !record.icon}
                title={!record.published && !record.icon ? '上传图标后才能发布' : undefined}
              />
              <MoveButtons name={record.name} onMove={(direction) => step(record, direction)} />
            </Space>
          )}
        />
      </QueryTable>
      <Modal
        title="新建游戏分类"
        open={typeOpen}
        okText="创建"
        cancelText="取消"
        okButtonProps={busyOk(addType.mutation.isPending)}
        onCancel={() => setTypeOpen(false)}
        onOk={() => typeForm.submit()}
        destroyOnHidden
      >
        <Form
          form={typeForm}
          name="game-type-create"
          layout="vertical"
          requiredMark={false}
          onFinish={(values) =>
            addType.mutate(
              {
                url: '/game-types',
                method: 'post',
                values,
                successNotification: { type: 'success', message: `已创建分类「${values.name}」` },
                errorNotification: false,
              },
              {
                onSuccess: () => {
                  setTypeOpen(false);
                  typeForm.resetFields();
                  void types.query.refetch();
                },
                onError: (error) => {
                  const field = (error as { errors?: Record<string, string> }).errors?.name;
                  typeForm.setFields([{ name: 'name', errors: [field ?? error.message] }]);
                },
              },
            )
          }
        >
          <Form.Item
            label="分类名称"
            name="name"
            extra={`现有：${types.types.map((t) => t.name).join('、') || '无'}`}
            rules={[
              { required: true, whitespace: true, message: '请填写分类名称' },
              { max: 16, message: '分类名称最多 16 字' },
            ]}
          >
            <Input maxLength={16} />
          </Form.Item>
        </Form>
      </Modal>
    </List>
  );
}
