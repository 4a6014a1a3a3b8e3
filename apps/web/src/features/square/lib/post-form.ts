import { sensitiveWordsMessage } from '@ld/contract/sensitive-words';
import { charCount } from '../../../shared/lib/format';
import { IMAGE_BYTES_MAX, POST_CONTENT_MAX, POST_IMAGES_MAX } from './limits';

/** One picked image on its way to the server. */
export interface DraftImage {
  key: string;
  /** A local object URL for the thumbnail while uploading; the server URL once done. */
  preview: string;
  status: 'waiting' | 'uploading' | 'done' | 'failed';
  /** 0..1 */
  progress: number;
  url?: string;
  file?: File;
}

export const IMAGE_TYPE_MESSAGE = '只能上传图片（JPG、PNG、WebP、GIF），请重新选择';
export const IMAGE_SIZE_MESSAGE = '图片不能超过 5MB，请压缩后再上传';
export const IMAGE_COUNT_MESSAGE = `最多上传 ${POST_IMAGES_MAX} 张图片`;

/** Why a picked file cannot be uploaded, or null when it can. */
export function imageFileProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!file.type.startsWith('image/')) return IMAGE_TYPE_MESSAGE;
  if (file.size > IMAGE_BYTES_MAX) return IMAGE_SIZE_MESSAGE;
  return null;
}

/** Splits picked files into those to upload (up to the 9-image limit) and the messages for the rest. */
export function pickImages<F extends Pick<File, 'type' | 'size' | 'name'>>(
  alreadyPicked: number,
  files: F[],
): { accepted: F[]; messages: string[] } {
  const accepted: F[] = [];
  const messages = new Set<string>();
  for (const file of files) {
    const problem = imageFileProblem(file);
    if (problem) messages.add(`${file.name}：${problem}`);
    else if (alreadyPicked + accepted.length >= POST_IMAGES_MAX) messages.add(IMAGE_COUNT_MESSAGE);
    else accepted.push(file);
  }
  return { accepted, messages: [...messages] };
}

export interface PostFormState {
  content: string;
  tagId: number | null;
  images: Pick<DraftImage, 'status'>[];
  /** Listed words found in the content. */
  sensitiveWords: string[];
}

/** Everything that stops 发布, in the order the form shows it; publishing is allowed when empty. */
export function postFormProblems(form: PostFormState): string[] {
  const problems: string[] = [];
  const count = charCount(form.content.trim());
  if (count === 0) problems.push('请填写帖子内容');
  if (charCount(form.content) > POST_CONTENT_MAX) {
    problems.push(
      `帖子内容最多 ${POST_CONTENT_MAX} 字，请删减 ${charCount(form.content) - POST_CONTENT_MAX} 字`,
    );
  }
  if (form.sensitiveWords.length > 0) problems.push(sensitiveWordsMessage(form.sensitiveWords));
  if (form.tagId === null) problems.push('请选择话题');
  if (form.images.length > POST_IMAGES_MAX) problems.push(IMAGE_COUNT_MESSAGE);
  if (form.images.some((i) => i.status === 'waiting' || i.status === 'uploading'))
    problems.push('图片还在上传，请稍候');
  if (form.images.some((i) => i.status === 'failed')) problems.push('有图片上传失败，请重试或移除');
  return problems;
}
