import fs from 'node:fs';
import path from 'node:path';
import type { Account } from '@ld/contract/accounts';
import type { AdminPage } from '@ld/contract/admin/list';
import type { AdminSensitiveWord, SensitiveImportResult } from '@ld/contract/admin/sensitive-words';
import { ErrorCode } from '@ld/contract/envelope';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ADMIN_API, adminCall, auditRows, type Operator, operatorOf } from './helpers/admin.ts';
import { createTestApp, describeDialects, registerUser, type TestApp } from './helpers/app.ts';
import { createPost, insertSquareFixtures } from './helpers/square.ts';

// 敏感词 through the console: a word added or removed is what the square's filter applies at the
// next post; bulk imports of pasted lines or a TXT/CSV file count what they skip.
describeDialects('admin sensitive words', (dialect) => {
  let t: TestApp;
  let editor: Operator;
  let user: Account;
  let tagId: number;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    editor = await operatorOf(t, 'editor');
    tagId = (await insertSquareFixtures(t.app)).tagIds[0];
    user = await registerUser(t.app);
  });
  afterAll(() => t?.close());

  const post = (content: string) => createPost(t.app, user, { content, tagId });
  const wordCount = async () =>
    Number(
      (
        await t.deps.db.kysely
          .selectFrom('sensitive_words')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  async function uploadWords(bytes: Buffer, filename: string) {
    const boundary = '----ldwords7MA4YWxkTrZu0gW';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: text/plain\r\n\r\n`,
    );
    const raw = await t.app.inject({
      method: 'POST',
      url: `${ADMIN_API}/sensitive-words/import-file`,
      payload: Buffer.concat([head, bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        cookie: editor.cookie,
        'x-csrf-token': editor.csrfToken,
        'x-forwarded-for': editor.ip,
      },
    });
    const body = raw.json();
    return { status: raw.statusCode, msg: body.msg as string, data: body.data as SensitiveImportResult };
  }

  it('adds a word and the next post with it is refused; removed, the next one passes', async () => {
    expect((await post('出售私服，欢迎来玩')).code).toBe(0);
    const added = await adminCall<AdminSensitiveWord>(t.app, 'POST', '/sensitive-words', {
      operator: editor,
      json: { word: ' 私服 ' },
    });
    expect(added).toMatchObject({ code: 0, data: { word: '私服' } });
    const refused = await post('出售私 服，欢迎来玩');
    expect(refused).toMatchObject({ code: ErrorCode.sensitiveWords });
    expect(refused.msg).toContain('私服');

    const again = await adminCall(t.app, 'POST', '/sensitive-words', {
      operator: editor,
      json: { word: '私服' },
    });
    expect(again).toMatchObject({ status: 400, msg: 'word: 「私服」已在词库中' });
    // Case and full-width fold as the filter folds them.
    const folded = await adminCall(t.app, 'POST', '/sensitive-words', {
      operator: editor,
      json: { word: 'ＦＵＣＫ' },
    });
    expect(folded).toMatchObject({ status: 400, msg: 'word: 「ＦＵＣＫ」已在词库中' });

    const removed = await adminCall(t.app, 'DELETE', `/sensitive-words/${added.data.id}`, {
      operator: editor,
    });
    expect(removed).toMatchObject({ code: 0, data: null });
    expect((await post('出售私服，欢迎来玩')).code).toBe(0);
    const rows = (await auditRows(t)).filter((r) => r.target_type === 'sensitive-word');
    expect(rows.map((r) => [r.action, r.target_id])).toEqual([
      ['sensitive-word.create', String(added.data.id)],
      ['sensitive-word.delete', String(added.data.id)],
    ]);
  });

  it('imports pasted lines, counting duplicates and refusing what is not a word', async () => {
    const before = await wordCount();
    const text = [
      '敏感词',
      '刷钻',
      ' 刷钻 ',
      '外挂',
      'FUCK',
      '',
      '黄牛',
      '!!!',
      '超'.repeat(65),
      '"代 充",备注',
    ].join('\r\n');
    const answer = await adminCall<SensitiveImportResult>(t.app, 'POST', '/sensitive-words/import', {
      operator: editor,
      json: { text },
    });
    expect(answer.data).toEqual({
      added: 3,
      duplicates: 3,
      invalid: 2,
      invalidLines: [
        { line: 8, text: '!!!' },
        { line: 9, text: '超'.repeat(65).slice(0, 80) },
      ],
    });
    expect(await wordCount()).toBe(before + 3);
    expect((await post('低价刷钻')).code).toBe(ErrorCode.sensitiveWords);
    expect((await post('专业代充')).code).toBe(ErrorCode.sensitiveWords);
    const audit = (await auditRows(t)).at(-1);
    expect(audit).toMatchObject({
      action: 'sensitive-word.import',
      target_id: 'paste',
      operator_id: editor.id,
    });
    expect(JSON.parse(audit?.after_json ?? '{}')).toMatchObject({
      added: 3,
      words: ['刷钻', '黄牛', '代 充'],
    });

    const list = await adminCall<AdminPage<AdminSensitiveWord>>(t.app, 'GET', '/sensitive-words', {
      operator: editor,
      query: { word: '钻', sort: 'word', order: 'asc' },
    });
    expect(list.data.records.map((w) => w.word)).toEqual(['刷钻']);
  });

  it('imports a GBK TXT file and a UTF-8 CSV file with BOM; the file is not kept', async () => {
    // 博彩 代练 开挂, one a line, as a Chinese editor saves GBK.
    const gbk = Buffer.from('b2a9b2ca0ab4fac1b70abfaab9d20a', 'hex');
    const txt = await uploadWords(gbk, '词表.txt');
    expect(txt).toMatchObject({ status: 200, data: { added: 2, duplicates: 1, invalid: 0 } });
    const csv = await uploadWords(Buffer.from('\uFEFFword,level\n约炮,1\n博彩,2\n', 'utf8'), 'words.csv');
    expect(csv).toMatchObject({ status: 200, data: { added: 1, duplicates: 1, invalid: 0 } });
    expect((await post('开挂约炮')).code).toBe(ErrorCode.sensitiveWords);
    expect((await auditRows(t)).at(-1)).toMatchObject({ target_id: 'file:words.csv' });
    const imports = path.join(t.deps.config.dataDir, 'uploads', 'imports');
    expect(fs.existsSync(imports) ? fs.readdirSync(imports) : []).toEqual([]);
  });

  it('refuses a bad import with 400 naming the field, and changes nothing', async () => {
    const before = { words: await wordCount(), audit: (await auditRows(t)).length };
    const pasted = await adminCall(t.app, 'POST', '/sensitive-words/import', {
      operator: editor,
      json: { text: ' \n ' },
    });
    expect(pasted.status).toBe(400);
    expect(pasted.msg.startsWith('text:')).toBe(true);
    const tooMany = await adminCall(t.app, 'POST', '/sensitive-words/import', {
      operator: editor,
      json: { text: Array.from({ length: 20_001 }, (_, i) => `w${i}`).join('\n') },
    });
    expect(tooMany).toMatchObject({ status: 400, msg: 'text: 一次最多导入 20000 行，请分批导入' });
    const wrongType = await uploadWords(Buffer.from('赌场\n'), 'words.xlsx');
    expect(wrongType).toMatchObject({ status: 400, msg: 'file: 词表文件只支持 .txt、.csv 文件' });
    const binary = await uploadWords(Buffer.from([0xff, 0xfe, 0x00, 0x81, 0x30, 0xff, 0xff]), 'bad.txt');
    expect(binary.status).toBe(400);
    expect(binary.msg.startsWith('file: 文件不是 UTF-8 或 GBK')).toBe(true);
    const tooBig = await uploadWords(Buffer.alloc(2 * 1024 * 1024 + 10, 0x61), 'big.txt');
    expect(tooBig.status).toBe(413);
    const blank = await adminCall(t.app, 'POST', '/sensitive-words', {
      operator: editor,
      json: { word: '。。' },
    });
    expect(blank).toMatchObject({ status: 400, msg: 'word: 敏感词不能只有空格或标点' });
    const missing = await adminCall(t.app, 'DELETE', '/sensitive-words/999999', { operator: editor });
    expect(missing.status).toBe(404);
    expect(await wordCount()).toBe(before.words);
    expect((await auditRows(t)).length).toBe(before.audit);
  });
});
