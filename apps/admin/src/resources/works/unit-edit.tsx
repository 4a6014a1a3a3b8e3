import { type AdminUnit, MAX_UNIT_TITLE } from '@ld/contract/admin/works';
import { useCustomMutation } from '@refinedev/core';
import { Form, Input, InputNumber, Modal } from 'antd';
import { busyOk } from '../../shared/busy-button';
import { WORK_WORDS, type WorkResource } from './words';

interface UnitValues {
  title: string;
  index: number;
}

/**
 * 编辑章节 / 编辑话: the unit's title and its position (1 = first). The unit keeps its id, so
 * purchases, reading progress and comments stay with it; the portal follows at its next request.
 */
export function UnitEditModal({
  resource,
  workId,
  unit,
  unitCount,
  onClose,
  onSaved,
}: {
  resource: WorkResource;
  workId: number;
  unit: AdminUnit;
  unitCount: number;
  onClose: () => void;
  onSaved: () => void;
}) {
  const words = WORK_WORDS[resource];
  const [form] = Form.useForm<UnitValues>();
  const save = useCustomMutation<AdminUnit>();
  const submit = (values: UnitValues) => {
    const changes = {
      ...(values.title.trim() !== unit.title ? { title: values.title } : {}),
      ...(values.index !== unit.index ? { index: values.index } : {}),
    };
    if (Object.keys(changes).length === 0) {
      onClose();
      return;
    }
    save.mutate(
      {
        url: `/${resource}/${workId}/units/${unit.id}`,
        method: 'patch',
        values: changes,
        successNotification: (answer) => ({
          type: 'success',
          message: `已保存：第 ${answer?.data.index ?? values.index} ${words.unit}「${answer?.data.title ?? values.title}」，门户即刻生效`,
        }),
        errorNotification: (error) => ({ type: 'error', message: '保存失败', description: error?.message }),
      },
      {
        onSuccess: () => {
          onSaved();
          onClose();
        },
        onError: (error) => {
          const errors = (error as { errors?: Record<string, string> }).errors ?? {};
          form.setFields(
            Object.entries(errors).map(([name, message]) => ({ name, errors: [message] })) as never,
          );
        },
      },
    );
  };
  return (
    <Modal
      open
      title={`编辑${words.units}：${unit.title}`}
      okText="保存"
      cancelText="取消"
      okButtonProps={busyOk(save.mutation.isPending)}
      onCancel={onClose}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form<UnitValues>
        form={form}
        name={`${resource}-unit-edit`}
        layout="vertical"
        requiredMark={false}
        initialValues={{ title: unit.title, index: unit.index }}
        onFinish={submit}
      >
        <Form.Item
          label="标题"
          name="title"
          rules={[
            { required: true, whitespace: true, message: '标题不能为空' },
            { max: MAX_UNIT_TITLE, message: `标题最多 ${MAX_UNIT_TITLE} 字` },
          ]}
        >
          <Input maxLength={MAX_UNIT_TITLE} showCount aria-label={`${words.units}标题`} />
        </Form.Item>
        <Form.Item
          label={`位置（第几${words.unit}，共 ${unitCount} ${words.unit}）`}
          name="index"
          rules={[{ required: true, message: '请填写位置' }]}
          extra={`移动后，中间的${words.units}依次挪一位；已购买、阅读进度和评论都跟着这一${words.unit}走`}
        >
          <InputNumber min={1} max={unitCount} precision={0} aria-label={`移到第几${words.unit}`} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
