import { ErrorCode } from '@ld/contract/codes';
import { sensitiveWordsMessage } from '@ld/contract/sensitive-words';
import { type ChangeEvent, type FormEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../shared/http/client';
import { charCount } from '../../../shared/lib/format';
import { toast } from '../../../shared/ui/toast-store';
import { useCreatePost } from '../api/create-post';
import { useSensitiveWords } from '../api/get-sensitive-words';
import { useTags } from '../api/get-tags';
import { uploadImage } from '../api/upload-image';
import { clearDraft, loadDraft, saveDraft } from '../lib/draft';
import { POST_CONTENT_MAX, POST_IMAGES_MAX } from '../lib/limits';
import { type DraftImage, pickImages, postFormProblems } from '../lib/post-form';
import { useLoginGate } from '../lib/use-login-gate';
import '../../../shared/ui/states.css';
import './post-page.css';

let nextKey = 0;

/** 发布帖子: text with a live count and sensitive-word check, a tag, up to 9 images uploaded one by one. */
export default function PostPage() {
  const navigate = useNavigate();
  const gate = useLoginGate();
  const tags = useTags();
  const words = useSensitiveWords();
  const create = useCreatePost();
  const [initial] = useState(loadDraft);
  const [content, setContent] = useState(initial.content);
  const [tagId, setTagId] = useState<number | null>(initial.tagId);
  const [images, setImages] = useState<DraftImage[]>(() =>
    initial.images.map((url) => ({ key: url, preview: url, status: 'done', progress: 1, url })),
  );
  const [pickMessages, setPickMessages] = useState<string[]>([]);
  const [refused, setRefused] = useState<{ content: string; words: string[] } | null>(null);
  const uploading = useRef(false);

  const found = useMemo(() => words.data?.findWords(content) ?? [], [words.data, content]);
  const sensitiveWords = refused?.content === content ? [...new Set([...found, ...refused.words])] : found;
  const problems = postFormProblems({ content, tagId, images, sensitiveWords });
  const count = charCount(content);
  // The words are already named under the text; the hint by the button says what else is missing.
  const nextStep = content.trim()
    ? problems.find((p) => !sensitiveWords.length || p !== sensitiveWordsMessage(sensitiveWords))
    : undefined;

  const doneUrls = images.flatMap((i) => (i.status === 'done' && i.url ? [i.url] : []));
  const doneKey = doneUrls.join('|');
  // biome-ignore lint/correctness/useExhaustiveDependencies: doneKey stands for doneUrls
  useEffect(() => saveDraft({ content, tagId, images: doneUrls }), [content, tagId, doneKey]);

  const update = useCallback(
    (key: string, patch: Partial<DraftImage>) =>
      setImages((list) => list.map((i) => (i.key === key ? { ...i, ...patch } : i))),
    [],
  );

  // One upload at a time, in the order the images were picked.
  useEffect(() => {
    if (uploading.current) return;
    const next = images.find((i) => i.status === 'waiting');
    if (!next?.file) return;
    uploading.current = true;
    update(next.key, { status: 'uploading', progress: 0 });
    uploadImage(next.file, (progress) => update(next.key, { progress }))
      .then(({ url }) => {
        uploading.current = false;
        update(next.key, { status: 'done', url, progress: 1 });
      })
      .catch(() => {
        uploading.current = false;
        update(next.key, { status: 'failed' });
      });
  }, [images, update]);

  const onPick = (e: ChangeEvent<HTMLInputElement>) => {
    const files = [...(e.target.files ?? [])];
    e.target.value = '';
    const { accepted, messages } = pickImages(images.length, files);
    setPickMessages(messages);
    const added: DraftImage[] = accepted.map((file) => ({
      key: `local-${nextKey++}`,
      preview: URL.createObjectURL(file),
      status: 'waiting',
      progress: 0,
      file,
    }));
    setImages((list) => [...list, ...added]);
  };

  const remove = (image: DraftImage) => {
    if (image.file) URL.revokeObjectURL(image.preview);
    setImages((list) => list.filter((i) => i.key !== image.key));
    setPickMessages([]);
  };

  const publish = (e: FormEvent) => {
    e.preventDefault();
    if (!gate() || problems.length > 0 || tagId === null) return;
    create.mutate(
      { content: content.trim(), tagId, images: doneUrls },
      {
        onSuccess: (post) => {
          toast.success('发布成功');
          clearDraft();
          for (const i of images) if (i.file) URL.revokeObjectURL(i.preview);
          setContent('');
          setTagId(null);
          setImages([]);
          setRefused(null);
          navigate(`/post/${post.id}`, { replace: true });
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === ErrorCode.sensitiveWords) {
            const data = error.data as { words?: string[] } | null;
            setRefused({ content, words: data?.words ?? [] });
          }
        },
      },
    );
  };

  const tagList = tags.data ?? [];

  return (
    <form className="post-form" onSubmit={publish} noValidate>
      <div className="post-form__card">
        <label className="post-form__label" htmlFor="post-content">
          帖子内容
        </label>
        <textarea
          id="post-content"
          className="post-form__text"
          placeholder="分享你的游戏心得、福利和新鲜事…"
          rows={7}
          value={content}
          onChange={(e) => setContent(e.target.value)}
          aria-describedby="post-content-count post-content-words"
        />
        <div className="post-form__count-row">
          <span
            id="post-content-words"
            className="post-form__words"
            role={sensitiveWords.length > 0 ? 'alert' : undefined}
          >
            {sensitiveWords.length > 0 && sensitiveWordsMessage(sensitiveWords)}
          </span>
          <span
            id="post-content-count"
            className={`post-form__count${count > POST_CONTENT_MAX ? ' is-over' : ''}`}
          >
            {count}/{POST_CONTENT_MAX}
          </span>
        </div>

        <ul className="post-form__images" aria-label="已选图片">
          {images.map((image, i) => (
            <li key={image.key} className={`post-form__thumb is-${image.status}`}>
              <img src={image.preview} alt={`第 ${i + 1} 张图片`} />
              {(image.status === 'waiting' || image.status === 'uploading') && (
                <span
                  className="post-form__progress"
                  role="progressbar"
                  aria-label={`第 ${i + 1} 张图片上传进度`}
                  aria-valuenow={Math.round(image.progress * 100)}
                  aria-valuemin={0}
                  aria-valuemax={100}
                >
                  <span style={{ width: `${Math.round(image.progress * 100)}%` }} />
                  <em>
                    {image.status === 'waiting'
                      ? '等待上传'
                      : image.progress >= 1
                        ? '处理中…'
                        : `${Math.round(image.progress * 100)}%`}
                  </em>
                </span>
              )}
              {image.status === 'failed' && (
                <button
                  type="button"
                  className="post-form__retry"
                  onClick={() => update(image.key, { status: 'waiting', progress: 0 })}
                >
                  上传失败
                  <br />
                  点击重试
                </button>
              )}
              <button
                type="button"
                className="post-form__remove"
                aria-label={`移除第 ${i + 1} 张图片`}
                onClick={() => remove(image)}
              >
                ×
              </button>
            </li>
          ))}
          {images.length < POST_IMAGES_MAX && (
            <li className="post-form__add">
              <label
                onClick={(e) => {
                  if (!gate()) e.preventDefault();
                }}
              >
                <input type="file" accept="image/*" multiple onChange={onPick} aria-label="添加图片" />
                <span aria-hidden="true">+</span>
                <small>
                  {images.length}/{POST_IMAGES_MAX}
                </small>
              </label>
            </li>
          )}
        </ul>
        <p className="post-form__hint">最多 {POST_IMAGES_MAX} 张，每张不超过 5MB，支持 JPG、PNG、WebP、GIF</p>
        {pickMessages.map((m) => (
          <p key={m} className="post-form__error" role="alert">
            {m}
          </p>
        ))}
      </div>

      <div className="post-form__card">
        <div className="post-form__label" id="post-tag-label">
          选择话题<span className="post-form__required">（必选）</span>
        </div>
        {tags.isPending ? (
          <p className="post-form__hint">话题加载中…</p>
        ) : tagList.length === 0 ? (
          <p className="post-form__hint">
            话题暂时没有加载出来，
            <button type="button" className="post-form__link" onClick={() => tags.refetch()}>
              点此重试
            </button>
          </p>
        ) : (
          <fieldset className="post-form__tags" aria-labelledby="post-tag-label">
            {tagList.map((tag) => (
              <label key={tag.id} className={`post-form__tag${tagId === tag.id ? ' is-active' : ''}`}>
                <input
                  type="radio"
                  name="post-tag"
                  value={tag.id}
                  checked={tagId === tag.id}
                  onChange={() => setTagId(tag.id)}
                />
                #{tag.tag}
              </label>
            ))}
          </fieldset>
        )}
      </div>

      <div className="post-form__submit">
        {nextStep && <p className="post-form__next">{nextStep}</p>}
        <button
          type="submit"
          className="btn btn--primary btn--block"
          aria-busy={create.isPending}
          disabled={problems.length > 0 || create.isPending}
        >
          {create.isPending && <span className="spinner" aria-hidden="true" />}
          发布
        </button>
      </div>
    </form>
  );
}
