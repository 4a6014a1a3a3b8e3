import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import type { AdminPage } from '@ld/contract/admin/list';
import type { AdminUnit, AdminWork, DeleteUnitAnswer, PricingAnswer } from '@ld/contract/admin/works';
import { useCustom, useCustomMutation, useInvalidate } from '@refinedev/core';
import { Alert, Button, Card, Form, InputNumber, Popconfirm, Space, Switch, Table, Tag } from 'antd';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { BusyButton } from '../../shared/busy-button';
import { UnitEditModal } from './unit-edit';
import { WORK_WORDS, type WorkResource } from './words';

interface Pricing {
  freeFirst: number;
  price: number;
  vip: boolean;
  from?: number;
  to?: number;
}

/**
 * A work's units in order with their prices, and the pricing of a range: the first N free, the
 * rest a price in diamonds each (members free when 会员免费), as the portal's purchase rules read them.
 * Each unit can be renamed and moved (编辑, 上移, 下移) and deleted unless someone bought it.
 */
export function UnitsCard({
  resource,
  work,
  actions,
  unitAction,
}: {
  resource: WorkResource;
  work: AdminWork;
  actions?: ReactNode;
  unitAction?: (unit: AdminUnit) => ReactNode;
}) {
  const words = WORK_WORDS[resource];
  const [page, setPage] = useState({ currentPage: 1, pageSize: 20 });
  const units = useCustom<AdminPage<AdminUnit>>({
    url: `/${resource}/${work.id}/units`,
    method: 'get',
    config: { query: page },
  });
  // A new unit (an episode, an import) refetches the work: its count renews the table. The card
  // stays mounted, so what is being typed into the pricing is kept.
  const count = work.unitCount;
  const countShown = useRef(count);
  const { refetch } = units.query;
  useEffect(() => {
    if (countShown.current === count) return;
    countShown.current = count;
    void refetch();
  }, [count, refetch]);
  const pricing = useCustomMutation<PricingAnswer>();
  const invalidate = useInvalidate();
  const [form] = Form.useForm<Pricing>();
  const data = units.query.data?.data;
  const [editing, setEditing] = useState<AdminUnit | null>(null);
  const moveOne = useCustomMutation<AdminUnit>();
  const remove = useCustomMutation<DeleteUnitAnswer>();
  const refresh = () => {
    void units.query.refetch();
    void invalidate({ resource, id: work.id, invalidates: ['detail'] });
  };
  const move = (unit: AdminUnit, by: -1 | 1) =>
    moveOne.mutate(
      {
        url: `/${resource}/${work.id}/units/${unit.id}`,
        method: 'patch',
        values: { index: unit.index + by },
        successNotification: (answer) => ({
          type: 'success',
          message: `「${unit.title}」已移到第 ${answer?.data.index ?? unit.index + by} ${words.unit}`,
        }),
        errorNotification: (error) => ({ type: 'error', message: '移动失败', description: error?.message }),
      },
      { onSuccess: () => void units.query.refetch() },
    );
  const deleteUnit = (unit: AdminUnit) =>
    remove.mutate(
      {
        url: `/${resource}/${work.id}/units/${unit.id}`,
        method: 'delete',
        values: {},
        successNotification: (answer) => ({
          type: 'success',
          message: `已删除「${unit.title}」`,
          description:
            answer?.data.unitCount === 0 && work.published
              ? `已没有${words.units}，${words.name}已自动下线`
              : undefined,
        }),
        errorNotification: (error) => ({ type: 'error', message: '不能删除', description: error?.message }),
      },
      { onSuccess: refresh },
    );
  const price = (values: Pricing) =>
    pricing.mutate(
      {
        url: `/${resource}/${work.id}/pricing`,
        method: 'post',
        values,
        successNotification: (answer) => ({
          type: 'success',
          message: `定价已保存：免费 ${answer?.data.free ?? 0} ${words.unit}，收费 ${answer?.data.priced ?? 0} ${words.unit}`,
        }),
        errorNotification: (error) => ({ type: 'error', message: '定价失败', description: error?.message }),
      },
      {
        onSuccess: () => {
          void units.query.refetch();
          void invalidate({ resource, id: work.id, invalidates: ['detail'] });
        },
        onError: (error) => {
          const errors = (error as { errors?: Record<string, string> }).errors ?? {};
          form.setFields(
            Object.entries(errors).map(([name, message]) => ({ name, errors: [message] })) as never,
          );
        },
      },
    );
  return (
    <Card
      title={`${words.units}（共 ${work.unitCount} ${words.unit}）`}
      size="small"
      extra={actions}
      style={{ marginBottom: 16 }}
    >
      <Form<Pricing>
        form={form}
        name={`${resource}-pricing`}
        layout="inline"
        aria-label="定价"
        initialValues={{ freeFirst: 10, price: 10, vip: true }}
        onFinish={price}
        style={{ marginBottom: 16, rowGap: 8 }}
      >
        <Form.Item label="从第" name="from">
          <InputNumber min={1} placeholder="1" aria-label={`从第几${words.unit}`} />
        </Form.Item>
        <Form.Item label={`${words.unit}到第`} name="to">
          <InputNumber min={1} placeholder="最后" aria-label={`到第几${words.unit}`} />
        </Form.Item>
        <Form.Item
          label={`${words.unit}：前`}
          name="freeFirst"
          rules={[{ required: true, message: '请填写免费数' }]}
        >
          <InputNumber min={0} aria-label={`前几${words.unit}免费`} />
        </Form.Item>
        <Form.Item
          label={`${words.unit}免费，其余每${words.unit}`}
          name="price"
          rules={[{ required: true, message: '请填写价格' }]}
        >
          <InputNumber min={0} max={1000} addonAfter="蓝钻" aria-label={`每${words.unit}价格（蓝钻）`} />
        </Form.Item>
        <Form.Item label="会员免费" name="vip" valuePropName="checked">
          <Switch aria-label="会员免费" />
        </Form.Item>
        <BusyButton htmlType="submit" pending={pricing.mutation.isPending} disabled={work.unitCount === 0}>
          保存定价
        </BusyButton>
      </Form>
      {units.query.isError ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          style={{ marginBottom: 16 }}
          message={`${words.units}加载失败`}
          description={units.query.error?.message}
          action={
            <Button size="small" danger onClick={() => void units.query.refetch()}>
              重试
            </Button>
          }
        />
      ) : null}
      <Table<AdminUnit>
        rowKey="id"
        size="small"
        loading={units.query.isLoading}
        dataSource={data?.records ?? []}
        locale={{ emptyText: words.empty }}
        pagination={{
          current: page.currentPage,
          pageSize: page.pageSize,
          total: data?.total ?? 0,
          showTotal: (total) => `共 ${total} ${words.unit}`,
          onChange: (currentPage, pageSize) => setPage({ currentPage, pageSize }),
        }}
        columns={[
          { title: '序号', dataIndex: 'index', width: 70 },
          { title: '标题', dataIndex: 'title' },
          { title: words.size, dataIndex: 'size', width: 90 },
          {
            title: '价格',
            width: 180,
            render: (_, unit) =>
              unit.price === 0 ? (
                <Tag color="success">免费</Tag>
              ) : (
                <Space size={4}>
                  <Tag color="warning">{unit.price} 蓝钻</Tag>
                  {unit.vip ? <Tag color="processing">会员免费</Tag> : null}
                </Space>
              ),
          },
          {
            title: '操作',
            width: unitAction ? 330 : 230,
            render: (_: unknown, unit: AdminUnit) => (
              <Space size={4} wrap={false}>
                <Button size="small" onClick={() => setEditing(unit)} aria-label={`编辑「${unit.title}」`}>
                  编辑
                </Button>
                <Button
                  size="small"
                  icon={<ArrowUpOutlined />}
                  disabled={unit.index === 1 || moveOne.mutation.isPending}
                  onClick={() => move(unit, -1)}
                  aria-label={`「${unit.title}」上移`}
                  title="上移"
                />
                <Button
                  size="small"
                  icon={<ArrowDownOutlined />}
                  disabled={unit.index === work.unitCount || moveOne.mutation.isPending}
                  onClick={() => move(unit, 1)}
                  aria-label={`「${unit.title}」下移`}
                  title="下移"
                />
                <Popconfirm
                  title={`删除「${unit.title}」？`}
                  description={`其后的${words.units}序号依次减一；有用户购买过的不能删除`}
                  okText="删除"
                  okButtonProps={{ danger: true }}
                  cancelText="取消"
                  onConfirm={() => deleteUnit(unit)}
                >
                  <Button size="small" danger aria-label={`删除「${unit.title}」`}>
                    删除
                  </Button>
                </Popconfirm>
                {unitAction?.(unit)}
              </Space>
            ),
          },
        ]}
      />
      {editing ? (
        <UnitEditModal
          resource={resource}
          workId={work.id}
          unit={editing}
          unitCount={work.unitCount}
          onClose={() => setEditing(null)}
          onSaved={() => void units.query.refetch()}
        />
      ) : null}
    </Card>
  );
}
