import type { FastifyRequest } from 'fastify';
import { assertCallerUid } from './auth.ts';
import { AppError, badInput } from './errors.ts';
import { MAX_IMAGE_BYTES } from './images.ts';

const isFastifyCoded = (error: unknown) => /^FST_/.test(String((error as { code?: unknown }).code ?? ''));

/**
 * Errors while reading a multipart body come from its parser (busboy: "Unexpected end of
 * multipart data", "Malformed part header", …) and carry no status, so they would leave as 500.
 * They are the client's malformed body: 400 naming it. Coded errors (limits) keep their own
 * answer in the error handler.
 */
function asBodyError(error: unknown): unknown {
  if (error instanceof AppError || isFastifyCoded(error)) return error;
  return badInput('body', 'multipart/form-data 请求体不完整或格式不正确');
}

/**
 * Reads the one image of an upload call: the multipart part named `field`, within the image size
 * cap. Anything else is a 400 naming `field` (or `body` when the multipart body itself is broken).
 * A `uid` field sent before the file is held to the caller rule like any body uid (0023).
 */
export async function readUploadedImage(request: FastifyRequest, field = 'file'): Promise<Buffer> {
  if (!request.isMultipart()) throw badInput(field, '请以 multipart/form-data 上传图片');
  let part: Awaited<ReturnType<FastifyRequest['file']>>;
  try {
    part = await request.file();
  } catch (error) {
    throw asBodyError(error);
  }
  const uid = part?.fields.uid;
  if (uid && !Array.isArray(uid) && uid.type === 'field') assertCallerUid(request, uid.value);
  if (part?.fieldname !== field) throw badInput(field, '请选择要上传的图片');
  try {
    const bytes = await part.toBuffer();
    if (part.file.truncated) throw badInput(field, `图片不能超过 ${MAX_IMAGE_BYTES / 1024 / 1024}MB`);
    return bytes;
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw badInput(field, `图片不能超过 ${MAX_IMAGE_BYTES / 1024 / 1024}MB`);
    }
    throw asBodyError(error);
  }
}
