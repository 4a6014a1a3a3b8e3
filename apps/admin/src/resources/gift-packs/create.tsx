import type { AdminGiftPack, ImportCodesAnswer } from '@ld/contract/admin/gift-packs';
import { Create, useForm } from '@refinedev/antd';
import { useCustomMutation, useGo } from '@refinedev/core';
import { Form, Input } from 'antd';
import type { Dayjs } from 'dayjs';
import { GiftPackFields } from './fields';
import { importSummary } from './import-codes';
import { windowToTimes } from './window';

interface Values {
  gameId: number;
  title: string;
  content: string;
  window: [Dayjs, Dayjs];
  codes?: string;
}

/**
 * 新建礼包: the pack, then (when codes were pasted) its code pool, whose answer says how many were
 * added and how many duplicates were refused. A refused code list keeps the pack and what was typed.
 */
export function GiftPackCreate() {
  const go = useGo();
  const importCodes = useCustomMutation<ImportCodesAnswer>();
  const { formProps, saveButtonProps, form, onFinish } = useForm<AdminGiftPack>({
    redirect: false,
    successNotification: (data) => ({ type: 'success', message: `已创建礼包「${data?.data.title ?? ''}」` }),
  });
  const submit = async (values: Values) => {
    const { window, codes, ...rest } = values;
    const created = await onFinish({ ...rest, ...windowToTimes(window) });
    const pack = created?.data as AdminGiftPack | undefined;
    if (!pack) return;
    if (!codes?.trim()) {
      go({ to: { resource: 'gift-packs', action: 'list' } });
      return;
    }
    importCodes.mutate(
      {
        url: `/gift-packs/${pack.id}/codes`,
        method: 'post',
        values: { format: 'lines', text: codes },
        successNotification: (data) => ({
          type: 'success',
          message: data ? importSummary(data.data) : '已导入',
        }),
      },
      {
        onSuccess: () => go({ to: { resource: 'gift-packs', action: 'list' } }),
        // The pack exists: continue on its edit page, with the codes still there to fix.
        onError: (error) => {
          go({ to: { resource: 'gift-packs', action: 'edit', id: pack.id } });
          form.setFields([{ name: 'codes', errors: [error.message] }]);
        },
      },
    );
  };
  return (
    <Create
      title="新建礼包"
      goBack={false}
      saveButtonProps={{
        ...saveButtonProps,
        loading: saveButtonProps.loading || importCodes.mutation.isPending,
        children: '保存',
      }}
    >
      <Form<Values>
        {...(formProps as object)}
        onFinish={submit}
        name="gift-pack-create"
        layout="vertical"
        requiredMark={false}
      >
        <GiftPackFields />
        <Form.Item
          label="兑换码（可稍后导入）"
          name="codes"
          extra="每行一个；重复的兑换码不会导入，并在结果里计数。也可在列表里从 CSV 文件导入。"
        >
          <Input.TextArea rows={8} style={{ maxWidth: 480 }} placeholder={'VIP-2026-0001\nVIP-2026-0002'} />
        </Form.Item>
      </Form>
    </Create>
  );
}
