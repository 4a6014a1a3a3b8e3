import type { WorkCategory } from '@ld/contract/admin/works';
import { useCustom } from '@refinedev/core';
import { Col, Form, Input, Radio, Row, Select } from 'antd';
import { WORK_WORDS, type WorkResource } from './words';

/** A work's fields, shared by 新建 and 编辑; the server checks the same rules and names the field it refuses. */
export function WorkFields({ resource }: { resource: WorkResource }) {
  const categories = useCustom<WorkCategory[]>({ url: `/${resource}/categories`, method: 'get' });
  const { name } = WORK_WORDS[resource];
  return (
    <Row gutter={24}>
      <Col span={12}>
        <Form.Item
          label={name === '小说' ? '书名' : '名称'}
          name="title"
          rules={[
            { required: true, whitespace: true, message: '请填写书名' },
            { max: 64, message: '书名最多 64 字' },
          ]}
        >
          <Input maxLength={64} showCount />
        </Form.Item>
        <Form.Item
          label="作者"
          name="author"
          rules={[
            { required: true, whitespace: true, message: '请填写作者' },
            { max: 32, message: '作者最多 32 字' },
          ]}
        >
          <Input maxLength={32} />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item
          label="分类"
          name="categoryId"
          // A validator rather than `required`: antd would put aria-required on a div (axe).
          rules={[
            { validator: (_r, v) => (v ? Promise.resolve() : Promise.reject(new Error('请选择分类'))) },
          ]}
        >
          <Select
            style={{ width: '100%' }}
            loading={categories.query.isLoading}
            placeholder={categories.query.isError ? '分类加载失败，请刷新重试' : '选择分类'}
            options={(categories.query.data?.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
          />
        </Form.Item>
        <Form.Item label="标签" name="tags" extra="最多 8 个，每个不超过 12 字；输入后回车">
          <Select
            mode="tags"
            maxCount={8}
            open={false}
            style={{ width: '100%' }}
            tokenSeparators={[',', '，']}
          />
        </Form.Item>
        <Form.Item label="状态" name="status" initialValue={0}>
          <Radio.Group
            options={[
              { value: 0, label: '连载' },
              { value: 1, label: '完结' },
            ]}
          />
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item label="简介" name="intro" rules={[{ max: 1000, message: '简介最多 1000 字' }]}>
          <Input.TextArea rows={3} maxLength={1000} showCount />
        </Form.Item>
      </Col>
    </Row>
  );
}
