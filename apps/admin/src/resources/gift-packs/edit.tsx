import type { AdminGiftPack } from '@ld/contract/admin/gift-packs';
import { Edit, useForm } from '@refinedev/antd';
import { useCustom, useInvalidate } from '@refinedev/core';
import { Alert, Button, Descriptions, Form } from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { GiftPackFields } from './fields';
import { ImportCodesModal } from './import-codes';
import { timesToWindow, windowToTimes } from './window';

interface Values {
  gameId: number;
  title: string;
  content: string;
  window: [Dayjs, Dayjs];
}

/** 编辑礼包: name, content and claim window (the game stays); the stock, and importing more codes. */
export function GiftPackEdit() {
  const { formProps, saveButtonProps, query, form, onFinish } = useForm<AdminGiftPack>({
    redirect: 'list',
    successNotification: (data) => ({ type: 'success', message: `已保存礼包「${data?.data.title ?? ''}」` }),
  });
  const invalidate = useInvalidate();
  const [importing, setImporting] = useState(false);
  const pack = query?.data?.data;
  // The stock has its own copy: refreshing it after an import never resets what is typed in the form.
  const { id } = useParams();
  const stock = useCustom<AdminGiftPack>({ url: `/gift-packs/${id}`, method: 'get' });
  const live = stock.query.data?.data ?? pack;
  useEffect(() => {
    if (pack) form.setFieldValue('window', timesToWindow(pack));
  }, [pack, form]);
  return (
    <Edit
      goBack={false}
      title="编辑礼包"
      saveButtonProps={{ ...saveButtonProps, children: '保存' }}
      isLoading={query?.isLoading}
    >
      {query?.isError ? (
        <Alert
          type="error"
          showIcon
          message="礼包加载失败"
          description={query.error?.message}
          action={
            <Button size="small" onClick={() => void query.refetch()}>
              重试
            </Button>
          }
        />
      ) : (
        <>
          {live ? (
            <Descriptions size="small" bordered column={3} style={{ marginBottom: 24 }}>
              <Descriptions.Item label="游戏">{live.gameName}</Descriptions.Item>
              <Descriptions.Item label="库存">{`${live.remaining} / ${live.total}`}</Descriptions.Item>
              <Descriptions.Item label="兑换码">
                <Button size="small" onClick={() => setImporting(true)}>
                  导入兑换码
                </Button>
              </Descriptions.Item>
            </Descriptions>
          ) : null}
          <Form<Values>
            {...(formProps as object)}
            onFinish={(values: Values) => {
              const { window, gameId: _gameId, ...rest } = values;
              return onFinish({ ...rest, ...windowToTimes(window) });
            }}
            name="gift-pack-edit"
            layout="vertical"
            requiredMark={false}
          >
            <GiftPackFields editing />
          </Form>
          <ImportCodesModal
            pack={importing && live ? live : null}
            onClose={() => setImporting(false)}
            onImported={() => {
              void stock.query.refetch();
              void invalidate({ resource: 'gift-packs', invalidates: ['list'] });
            }}
          />
        </>
      )}
    </Edit>
  );
}
