import { CSRF_HEADER } from '@ld/contract/admin/roles';
import type { FastifyInstance } from 'fastify';
import { ADMIN_API, type Operator } from './admin.ts';
import type { Answer } from './app.ts';

/** A file of a multipart upload. */
export interface UploadFile {
  field?: string;
  filename: string;
  type?: string;
  bytes: Buffer;
}

/** A multipart body as a browser's FormData sends it: text fields first, then the files. */
export function multipartBody(files: UploadFile[], fields: Record<string, string> = {}) {
  const boundary = `----ldadmin${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.filename}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** POSTs a multipart upload to an admin route as `operator`. */
export async function adminUpload<T = any>(
  app: FastifyInstance,
  path: string,
  operator: Pick<Operator, 'cookie' | 'csrfToken' | 'ip'>,
  files: UploadFile[],
  fields: Record<string, string> = {},
): Promise<Answer<T>> {
  const { payload, contentType } = multipartBody(files, fields);
  const raw = await app.inject({
    method: 'POST',
    url: `${ADMIN_API}${path}`,
    payload,
    headers: {
      'content-type': contentType,
      cookie: operator.cookie,
      [CSRF_HEADER]: operator.csrfToken,
      'x-forwarded-for': operator.ip,
    },
  });
  const body = raw.json() as { code: number; msg: string; data: T };
  return { status: raw.statusCode, code: body.code, msg: body.msg, data: body.data, raw };
}
