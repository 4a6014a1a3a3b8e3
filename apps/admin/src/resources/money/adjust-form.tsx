import type { Adjustment } from '@ld/contract/admin/money';
import { useModalForm } from '@refinedev/antd';
import { Button, Form, Input, InputNumber, Modal, Radio } from 'antd';
import { useState } from 'react';
import { withBusyOk } from '../../shared/busy-button';

interface Values {
  direction: 'credit' | 'debit';
  amount: number;
  note: string;
}

const newKey = () => crypto.randomUUID();

/**
 * 调整余额: a credit or debit with a required note. One request key per form: a retry after a lost
 * answer or a double click applies once; a fresh key after each success.
 */
export function AdjustButton({ uid, balance, onDone }: { uid: string; balance: number; onDone: () => void }) {
  const [requestKey, setRequestKey] = useState(newKey);
  const { modalProps, formProps, show, form } = useModalForm<
    Adjustment,
    { message: string; statusCode: number },
    Values
  >({
    action: 'create',
    resource: 'adjustments',
    meta: { path: `users/${uid}/adjustments` },
    successNotification: (data) => ({
      type: 'success',
      message: `已调整余额 ${data?.data.delta && data.data.delta > 0 ? '+' : ''}${data?.data.delta ?? ''}，当前余额 ${data?.data.balanceAfter ?? ''}`,
    }),
    onMutationSuccess: () => {
      setRequestKey(newKey());
      onDone();
    },
  });
  const direction = Form.useWatch('direction', form);
  return (
    <>
      <Button type="primary" onClick={() => show()}>
        调整余额
      </Button>
      <Modal
        {...withBusyOk(modalProps)}
        width={560}
        title="调整余额"
        okText="确认调整"
        cancelText="取消"
        destroyOnHidden
      >
        <Form
          {...formProps}
          name="wallet-adjust"
          layout="vertical"
          requiredMark={false}
          initialValues={{ direction: 'credit' }}
          onFinish={(values) =>
            // A refusal is already shown under its input (refine maps the 400's field); nothing to rethrow.
            void Promise.resolve(formProps.onFinish?.({ ...values, requestKey } as Values)).catch(
              () => undefined,
            )
          }
        >
          <Form.Item label="方向" name="direction">
            <Radio.Group
              optionType="button"
              options={[
                { value: 'credit', label: '增加' },
                { value: 'debit', label: '扣减' },
              ]}
            />
          </Form.Item>
          <Form.Item
            label="数额（蓝钻）"
            name="amount"
            extra={direction === 'debit' ? `当前余额 ${balance}，扣减后不能为负` : undefined}
            rules={[{ required: true, message: '请填写调整数额' }]}
          >
            <InputNumber min={1} max={1_000_000} precision={0} style={{ width: 200 }} />
          </Form.Item>
          <Form.Item
            label="备注（调整原因，用户流水中可见）"
            name="note"
            rules={[
              { required: true, whitespace: true, message: '请填写备注（调整原因）' },
              { min: 2, message: '请填写备注（调整原因），至少 2 个字' },
              { max: 120, message: '备注最多 120 字' },
            ]}
          >
            <Input.TextArea rows={3} maxLength={120} showCount />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
