import type { AdminUnit, AdminWork } from '@ld/contract/admin/works';
import { Edit, useForm } from '@refinedev/antd';
import { useUpdate } from '@refinedev/core';
import { Alert, Button, Form, Tag } from 'antd';
import type { ReactNode } from 'react';
import { BusyButton } from '../../shared/busy-button';
import { CoverCard } from './cover-card';
import { WorkFields } from './fields';
import { UnitsCard } from './units-card';
import { WORK_WORDS, type WorkResource } from './words';

/**
 * 编辑小说 / 编辑漫画: the fields, 发布/下线 (what the portal shows at its next request), the cover,
 * and the units with their pricing; `content` is the kind's own way of adding units.
 */
export function WorkEdit({
  resource,
  content,
  unitsActions,
  unitAction,
}: {
  resource: WorkResource;
  content?: (work: AdminWork) => ReactNode;
  unitsActions?: (work: AdminWork) => ReactNode;
  unitAction?: (work: AdminWork, unit: AdminUnit) => ReactNode;
}) {
  const words = WORK_WORDS[resource];
  const { formProps, saveButtonProps, query } = useForm<AdminWork>({
    resource,
    action: 'edit',
    redirect: false,
    successNotification: (data) => ({ type: 'success', message: `已保存「${data?.data.title ?? ''}」` }),
  });
  const work = query?.data?.data;
  const { mutate: update, mutation } = useUpdate<AdminWork>();
  const publish = (next: boolean) =>
    work &&
    update({
      resource,
      id: work.id,
      values: { published: next },
      successNotification: {
        type: 'success',
        message: next ? `已发布「${work.title}」，门户即刻可见` : `已下线「${work.title}」`,
      },
      errorNotification: (error) => ({
        type: 'error',
        message: next ? '发布失败' : '下线失败',
        description: error?.message,
      }),
    });
  return (
    <Edit
      goBack={false}
      title={
        <>
          编辑{words.name}{' '}
          {work ? work.published ? <Tag color="success">已发布</Tag> : <Tag>草稿</Tag> : null}
        </>
      }
      saveButtonProps={{ ...saveButtonProps, children: '保存' }}
      isLoading={query?.isLoading}
      headerButtons={({ defaultButtons }) => (
        <>
          {defaultButtons}
          {work ? (
            <BusyButton
              type={work.published ? 'default' : 'primary'}
              pending={mutation.isPending}
              onClick={() => publish(!work.published)}
            >
              {work.published ? '下线' : '发布'}
            </BusyButton>
          ) : null}
        </>
      )}
    >
      {query?.isError ? (
        <Alert
          type="error"
          showIcon
          message={`${words.name}加载失败`}
          description={query.error?.message}
          action={
            <Button size="small" onClick={() => void query.refetch()}>
              重试
            </Button>
          }
        />
      ) : (
        <>
          <Form {...formProps} name={`${resource}-edit`} layout="vertical" requiredMark={false}>
            <WorkFields resource={resource} />
          </Form>
          {work ? (
            <>
              <CoverCard resource={resource} work={work} />
              {content?.(work)}
              <UnitsCard
                resource={resource}
                work={work}
                actions={unitsActions?.(work)}
                unitAction={unitAction ? (unit) => unitAction(work, unit) : undefined}
              />
            </>
          ) : null}
        </>
      )}
    </Edit>
  );
}
