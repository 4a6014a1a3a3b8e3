import { MAX_TXT_BYTES } from '@ld/contract/admin/novels';
import type { FastifyRequest } from 'fastify';
import { AppError, badInput } from '../../platform/errors.ts';
import type { Storage } from '../../platform/storage.ts';

/**
 * Stores the TXT part `file` of an upload at `key`, within MAX_TXT_BYTES (413 past it).
 */
export async function storeTxtUpload(
  request: FastifyRequest,
  storage: Storage,
  key: string,
): Promise<{ fileName: string; bytes: number }> {
  if (!request.isMultipart()) throw badInput('file', '请以 multipart/form-data 上传 TXT 文件');
  const part = await request.file({ limits: { fileSize: MAX_TXT_BYTES } }).catch(() => {
    throw badInput('body', 'multipart/form-data 请求体不完整或格式不正确');
  });
  if (part?.fieldname !== 'file') throw badInput('file', '请选择要上传的 TXT 文件');
  const tooBig = () => new AppError(413, `file: TXT 文件不能超过 ${MAX_TXT_BYTES / 1024 / 1024}MB`, 413);
  let bytes: Buffer;
  try {
    bytes = await part.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooBig();
    throw badInput('body', 'multipart/form-data 请求体不完整或格式不正确');
  }
  if (part.file.truncated) throw tooBig();
  await storage.put(key, bytes);
  return { fileName: part.filename.slice(0, 200), bytes: bytes.length };
}
