import swagger from '@fastify/swagger';
import { envelopeOf, errorEnvelope } from '@ld/contract/envelope';
import {
  bundleFromString,
  createConfig,
  lintFromString,
  type NormalizedProblem,
} from '@redocly/openapi-core';
import Fastify from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { completeDocument, openapiOptions, operationIdOf } from '../src/platform/openapi.ts';
import { getOrCreateSecret } from '../src/platform/secrets.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';

type Operation = {
  operationId: string;
  security: Array<Record<string, string[]>>;
  responses: Record<string, { $ref?: string }>;
};
type Doc = { paths: Record<string, Record<string, Operation>>; servers: unknown[] };

const OPERATOR_SCHEME = { type: 'apiKey', in: 'cookie', name: 'ld_operator' };

const describeProblem = (p: NormalizedProblem) =>
  `${p.severity} ${p.ruleId}: ${p.message} at ${p.location.map((l) => l.pointer).join(', ')}`;

// The document is made from the routes, not the database: one dialect is enough.
describe('the OpenAPI document', () => {
  let t: TestApp;
  let text: string;
  let doc: Doc;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    text = res.body;
    doc = res.json();
  });
  afterAll(() => t.close());

  const operation = (method: string, path: string) => {
    const found = doc.paths[path]?.[method];
    if (!found) throw new Error(`${method} ${path} is not in the document`);
    return found;
  };

  it("passes Redocly's recommended lint with no error and no warning", async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: text, absoluteRef: '/api/docs/json', config });
    expect(problems.map(describeProblem)).toEqual([]);
    // The check sees every operation: a document of a handful would pass too easily.
    const operations = Object.values(doc.paths).flatMap((item) => Object.values(item));
    expect(operations.length).toBeGreaterThan(100);
  });

  it('bundles into one self-contained document a client generator can read', async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const { bundle, problems } = await bundleFromString({ source: text, config, dereference: false });
    expect(problems.map(describeProblem)).toEqual([]);
    expect(Object.keys((bundle.parsed as Doc).paths)).toEqual(Object.keys(doc.paths));
  });

  it('names each operation from its method and path, and declares the login it needs', () => {
    const login = operation('post', '/api/user/login');
    expect(login.operationId).toBe('postUserLogin');
    expect(login.security).toEqual([]);

    const open = operation('post', '/api/vip/vipopen');
    expect(open.operationId).toBe('postVipVipopen');
    expect(open.security).toEqual([{ uid: [], token: [] }]);

    // Personalised when logged in (liked flags), open to guests.
    const post = operation('get', '/api/v1/square/post/{id}');
    expect(post.operationId).toBe('getSquarePostById');
    expect(post.security).toEqual([{}, { uid: [], token: [] }]);
  });

  it('documents the 4xx answers each operation can give, as the one error envelope', () => {
    const envelope = '#/components/responses/';
    expect(operation('get', '/api/health').responses['400']).toEqual({ $ref: `${envelope}BadInput` });
    expect(operation('get', '/api/health').responses['404']).toBeUndefined();
    // An id in the path can name nothing.
    expect(operation('get', '/api/v1/novel/{id}').responses['404']).toEqual({ $ref: `${envelope}NotFound` });
    // Rate-limited routes.
    expect(operation('post', '/api/user/login').responses['429']).toEqual({
      $ref: `${envelope}TooManyRequests`,
    });
    expect(operation('get', '/api/v1/novel/{id}').responses['429']).toBeUndefined();
    // Signed file links declare their own.
    const file = operation('get', '/api/v1/video/{id}/file');
    expect(file.responses['403']).toEqual({ $ref: `${envelope}Forbidden` });
    expect(file.responses['416']).toEqual({ $ref: `${envelope}RangeNotSatisfiable` });
    expect(doc.servers).toEqual([expect.objectContaining({ url: '/' })]);
  });

  it('carries no secret of the deployment', async () => {
    const secrets = await Promise.all(
      ['video.file', 'game.package', 'sms-code-hmac', 'pay.sandbox'].map((name) =>
        getOrCreateSecret(t.deps.db, name),
      ),
    );
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    for (const secret of secrets) expect(res.body).not.toContain(secret);
    expect(res.body).not.toContain(t.deps.config.dataDir);
  });
});

describe('a route with its own login and answers', () => {
  it('keeps its security scheme and documents the 4xx it declares', async () => {
    const app = Fastify().withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    // As app.ts: response schemas document, answers are plain JSON.
    app.setSerializerCompiler(() => (data) => JSON.stringify(data));
    await app.register(swagger, openapiOptions({ appTitle: '测试' }, { operatorSession: OPERATOR_SCHEME }));
    app.get(
      '/api/admin/v1/things/:id',
      {
        schema: {
          summary: '一件东西',
          params: z.object({ id: z.coerce.number() }),
          security: [{ operatorSession: [] }],
          response: { 200: envelopeOf(z.object({ id: z.number() })), 401: errorEnvelope, 403: errorEnvelope },
        },
      },
      async (request) => ({ code: 0, msg: 'success', data: { id: request.params.id } }),
    );
    await app.ready();
    const built = app.swagger() as unknown as Doc;
    const thing = built.paths['/api/admin/v1/things/{id}'].get;
    expect(thing.operationId).toBe('getAdminThingsById');
    expect(thing.security).toEqual([{ operatorSession: [] }]);
    expect(Object.keys(thing.responses).sort()).toEqual(['200', '400', '401', '403', '404']);
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: JSON.stringify(built), config });
    expect(problems.map(describeProblem)).toEqual([]);
    await app.close();
  });
});

describe('operationIds', () => {
  it('are camel case from method and path, without /api and the version', () => {
    expect(operationIdOf('GET', '/api/v1/novel/{id}/chapter/{cid}')).toBe('getNovelByIdChapterByCid');
    expect(operationIdOf('post', '/api/user/loginPhoneWithoutRegister')).toBe(
      'postUserLoginPhoneWithoutRegister',
    );
    expect(operationIdOf('delete', '/api/v1/history/{kind}/{workId}')).toBe('deleteHistoryByKindByWorkId');
    expect(operationIdOf('get', '/api/admin/v1/game-list')).toBe('getAdminGameList');
  });

  it('keep a route’s own, and refuse to build a document where two operations share one', () => {
    const op = (operationId?: string) => ({ operationId, responses: { 200: { description: 'ok' } } });
    const built = completeDocument({
      openapiObject: { paths: { '/api/a': { get: op('readA') }, '/api/b': { get: op() } } },
    }) as unknown as Doc;
    expect(built.paths['/api/a'].get.operationId).toBe('readA');
    expect(built.paths['/api/b'].get.operationId).toBe('getB');
    expect(() =>
      completeDocument({
        openapiObject: { paths: { '/api/a': { get: op('getB') }, '/api/b': { get: op() } } },
      }),
    ).toThrow(/operationId getB of GET \/api\/b is also GET \/api\/a's/);
  });
});
