import type { AdminVideo } from '@ld/contract/admin/videos';
import { EditButton, getDefaultSortOrder, List, useTable } from '@refinedev/antd';
import { type CrudFilters, useInvalidate } from '@refinedev/core';
import { Button, Form, Image, Input, Space, Table } from 'antd';
import { useState } from 'react';
import {
  PUBLISH_WORDS,
  PublishButton,
  PublishedFilter,
  PublishedTag,
  usePublishToggle,
} from '../../shared/publish-actions';
import { QueryTable } from '../../shared/query-table';
import { formatTime } from '../../shared/time';
import { VideoUploadModal } from './upload';

interface Search {
  title?: string;
  published?: 'true' | 'false';
}

const duration = (seconds: number) =>
  `${Math.floor(seconds / 60)}:${String(Math.round(seconds % 60)).padStart(2, '0')}`;

/** 视频: uploads (the cover made on arrival), drafts included, publish/下线 in the row. */
export function VideoList() {
  const { tableProps, tableQuery, searchFormProps, sorters } = useTable<
    AdminVideo,
    { message: string; statusCode: number },
    Search
  >({
    sorters: { initial: [{ field: 'id', order: 'desc' }] },
    onSearch: (values): CrudFilters => [
      { field: 'title', operator: 'contains', value: values.title?.trim() || undefined },
      { field: 'published', operator: 'eq', value: values.published },
    ],
  });
  const [uploading, setUploading] = useState(false);
  const invalidate = useInvalidate();
  const publish = usePublishToggle<AdminVideo>({
    resource: 'videos',
    name: (r) => r.title,
    words: PUBLISH_WORDS.draft,
  });
  return (
    <List
      title="视频"
      headerButtons={
        <Button type="primary" onClick={() => setUploading(true)}>
          上传视频
        </Button>
      }
    >
      <Form
        {...searchFormProps}
        name="video-filter"
        layout="inline"
        style={{ marginBottom: 16 }}
        aria-label="筛选视频"
      >
        <Form.Item label="标题" name="title">
          <Input allowClear placeholder="标题包含的文字" />
        </Form.Item>
        <PublishedFilter words={PUBLISH_WORDS.draft} labelSelect />
        <Button type="primary" htmlType="submit">
          筛选
        </Button>
      </Form>
      <QueryTable<AdminVideo>
        {...tableProps}
        query={tableQuery}
        rowKey="id"
        emptyText="还没有视频，点「上传视频」添加"
      >
        <Table.Column<AdminVideo>
          dataIndex="cover"
          title="封面"
          width={120}
          render={(cover: string, record) => <Image src={cover} alt={`${record.title} 封面`} width={96} />}
        />
        <Table.Column<AdminVideo>
          dataIndex="id"
          title="编号"
          sorter
          defaultSortOrder={getDefaultSortOrder('id', sorters)}
          width={80}
        />
        <Table.Column<AdminVideo>
          dataIndex="title"
          title="标题"
          sorter
          defaultSortOrder={getDefaultSortOrder('title', sorters)}
        />
        <Table.Column<AdminVideo> dataIndex="categoryName" title="分类" width={110} />
        <Table.Column<AdminVideo> dataIndex="duration" title="时长" width={80} render={duration} />
        <Table.Column<AdminVideo>
          dataIndex="price"
          title="价格"
          width={110}
          render={(price: number, record) =>
            price === 0 ? '免费' : `${price} 钻石${record.vip ? '（会员免费）' : ''}`
          }
        />
        <Table.Column<AdminVideo>
          dataIndex="published"
          title="状态"
          width={90}
          render={(published: boolean) => <PublishedTag published={published} words={PUBLISH_WORDS.draft} />}
        />
        <Table.Column<AdminVideo>
          dataIndex="createTime"
          title="上传时间"
          sorter
          defaultSortOrder={getDefaultSortOrder('createTime', sorters)}
          render={formatTime}
          width={120}
        />
        <Table.Column<AdminVideo>
          title="操作"
          width={160}
          render={(_, record) => (
            <Space size={4}>
              <EditButton size="small" recordItemId={record.id}>
                编辑
              </EditButton>
              <PublishButton record={record} action={publish} />
            </Space>
          )}
        />
      </QueryTable>
      <VideoUploadModal
        open={uploading}
        onClose={() => setUploading(false)}
        onDone={() => void invalidate({ resource: 'videos', invalidates: ['list'] })}
      />
    </List>
  );
}
