import { Button } from 'antd';
import { useState } from 'react';
import { WorkCreate } from '../works/create';
import { WorkEdit } from '../works/edit';
import { WorkList } from '../works/list';
import { EpisodeUpload } from './episode-upload';
import { PageOrder } from './page-order';

/** 漫画: the works pages, plus episodes from page images and their page order. */
export const ComicList = () => <WorkList resource="comics" />;

export const ComicCreate = () => <WorkCreate resource="comics" />;

export function ComicEdit() {
  const [ordering, setOrdering] = useState<{ workId: number; episodeId: number } | null>(null);
  return (
    <>
      <WorkEdit
        resource="comics"
        content={(work) => <EpisodeUpload work={work} />}
        unitAction={(work, unit) => (
          <Button size="small" onClick={() => setOrdering({ workId: work.id, episodeId: unit.id })}>
            调整页序
          </Button>
        )}
      />
      {ordering ? <PageOrder {...ordering} onClose={() => setOrdering(null)} /> : null}
    </>
  );
}
