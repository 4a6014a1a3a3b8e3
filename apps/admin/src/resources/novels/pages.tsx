import { useGo } from '@refinedev/core';
import { Button } from 'antd';
import { WorkCreate } from '../works/create';
import { WorkEdit } from '../works/edit';
import { WorkList } from '../works/list';

/** 小说: the works pages, plus 导入 TXT (import.tsx) for the chapters. */
export function NovelList() {
  const go = useGo();
  return (
    <WorkList
      resource="novels"
      rowActions={(work) => (
        <Button size="small" onClick={() => go({ to: `/novels/import/${work.id}` })}>
          导入 TXT
        </Button>
      )}
    />
  );
}

export const NovelCreate = () => <WorkCreate resource="novels" />;

export function NovelEdit() {
  const go = useGo();
  return (
    <WorkEdit
      resource="novels"
      unitsActions={(work) => (
        <Button type="primary" onClick={() => go({ to: `/novels/import/${work.id}` })}>
          导入 TXT
        </Button>
      )}
    />
  );
}
