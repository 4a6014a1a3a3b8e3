import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type {
  FastifyDynamicSwaggerOptions,
  SwaggerTransform,
  SwaggerTransformObject,
} from '@fastify/swagger';
import { ErrorCode } from '@ld/contract/codes';
import type { RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Config } from '../config.ts';
import { optionalUser, requireUser } from './auth.ts';

// The OpenAPI document other clients are generated from (`/api/docs/json`), made from the routes'
// contract schemas and completed here for every route alike, so a new route passes Redocly's
// recommended lint without ceremony (docs/decisions/0052-shared-values-openapi-and-lint.md): an operationId from
// method and path, the login it needs as security, the 4xx answers it can give, and the servers.

type Json = Record<string, unknown>;

const require = createRequire(import.meta.url);

/**
 * The portal's security schemes. A route may state its own `schema.security` (the operator
 * console's session): pass the schemes it names to `openapiOptions`.
 */
export const SECURITY_SCHEMES: Record<string, Json> = {
  uid: {
    type: 'apiKey',
    in: 'header',
    name: 'uid',
    description:
      "The logged-in account's uid, sent with `token`. A call that needs login answers HTTP 200 with code 2 when the pair is missing or its session is dead: the client logs out and goes to login.",
  },
  token: {
    type: 'apiKey',
    in: 'header',
    name: 'token',
    description: 'The session token the login answered (64 hex characters), sent with `uid`.',
  },
};

const LOGIN = { uid: [], token: [] };
/** Login required; login optional (personalised when present); no login. */
const SECURITY = {
  required: [LOGIN],
  optional: [{}, LOGIN],
  none: [],
} as const;

/** The 4xx answers every route may document, each the one error envelope (DESIGN §5). */
const ERROR_ANSWERS: Record<string, { name: string; description: string }> = {
  400: {
    name: 'BadInput',
    description:
      'Malformed input: code 400, `msg` names the field and the rule (in Chinese). Nothing changed.',
  },
  401: {
    name: 'Unauthorized',
    description:
      'Code 401: not signed in, or the session has ended (the operator console; a portal call answers HTTP 200 with code 2 instead).',
  },
  403: {
    name: 'Forbidden',
    description:
      'Code 403: not allowed, such as a signed link that is not valid or has expired (ask for a new one).',
  },
  404: { name: 'NotFound', description: 'Code 404: no such path or id.' },
  416: {
    name: 'RangeNotSatisfiable',
    description: 'Code 416: the Range header is malformed or outside the file; Content-Range names its size.',
  },
  429: { name: 'TooManyRequests', description: 'Code 429: too many requests; `msg` says how long to wait.' },
};

const ERROR_ENVELOPE = {
  type: 'object',
  description: 'Every answer, success or failure, is this envelope (DESIGN §5).',
  required: ['code', 'msg', 'data'],
  properties: {
    code: {
      type: 'integer',
      description: `Business code: ${Object.entries(ErrorCode)
        .map(([name, code]) => `${code} ${name}`)
        .join(', ')}.`,
    },
    msg: { type: 'string', description: 'A message a person can act on (Chinese).' },
    data: { description: 'null, or the details the code describes.' },
  },
};

const hasHandler = (route: RouteOptions | undefined, handler: unknown) => {
  const pre = route?.preHandler;
  return Array.isArray(pre) ? pre.includes(handler as never) : pre === handler;
};

/** The login a route needs, read from its preHandler, unless it states its own `schema.security`. */
function securityOf(route: RouteOptions | undefined, schema: Json): unknown {
  if (schema.security) return schema.security;
  if (hasHandler(route, requireUser)) return SECURITY.required;
  if (hasHandler(route, optionalUser)) return SECURITY.optional;
  return SECURITY.none;
}

/**
 * The per-route step: the contract's zod schemas to JSON schemas, then the route's security, and
 * a placeholder 429 answer for a rate-limited route (completed by `completeDocument`).
 */
export function documentRoute(input: Parameters<typeof jsonSchemaTransform>[0] & { route?: RouteOptions }) {
  const { route } = input;
  const result = jsonSchemaTransform({ ...input, schema: input.schema ?? {} }) as {
    schema: Json;
    url: string;
  };
  const schema = result.schema;
  if (schema.hide) return result;
  schema.security = securityOf(route, schema);
  const limited = Boolean((route?.config as { rateLimit?: unknown } | undefined)?.rateLimit);
  if (limited) schema.response = { ...(schema.response as Json | undefined), 429: { type: 'object' } };
  return result;
}

/**
 * The operationId of an operation that does not name its own: method and path in camel case,
 * the `/api` prefix and version segments left out, a path parameter as `By<Name>`:
 * `POST /api/user/login` → `postUserLogin`, `GET /api/v1/novel/{id}/chapters` → `getNovelByIdChapters`.
 */
export function operationIdOf(method: string, path: string): string {
  const words = path
    .split('/')
    .filter((segment) => segment !== '' && segment !== 'api' && !/^v\d+$/.test(segment))
    .flatMap((segment) => {
      const param = /^\{(.+)\}$/.exec(segment);
      return param ? ['by', param[1]] : [segment];
    })
    .flatMap((segment) => segment.split(/[^A-Za-z0-9]+/))
    .filter((word) => word !== '');
  return [method.toLowerCase(), ...words.map((w) => w[0].toUpperCase() + w.slice(1))].join('');
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/**
 * The whole-document step: servers, the error envelope, the security schemes in use, and per
 * operation its operationId (unique, or the document fails to build) and its 4xx answers: 400
 * always, 404 where the path takes an id, and any 4xx the route declared, each as the shared
 * envelope.
 */
export function completeDocument({ openapiObject }: { openapiObject: Json }): Json {
  const doc = openapiObject as {
    paths?: Record<string, Record<string, Json>>;
    components?: Json;
  };
  const seen = new Map<string, string>();
  // Only the answers some operation gives: the lint refuses unused components.
  const used = new Set<string>();
  const schemesUsed = new Set<string>();
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const id = (operation.operationId as string | undefined) ?? operationIdOf(method, path);
      const where = `${method.toUpperCase()} ${path}`;
      const other = seen.get(id);
      if (other)
        throw new Error(
          `operationId ${id} of ${where} is also ${other}'s: give one route its own schema.operationId`,
        );
      seen.set(id, where);
      operation.operationId = id;
      for (const requirement of (operation.security as Json[] | undefined) ?? [])
        for (const scheme of Object.keys(requirement)) schemesUsed.add(scheme);
      const responses = { ...(operation.responses as Json) };
      // A route that declared only its failures (a file it streams) still answers 200, as
      // @fastify/swagger says of a route that declared nothing.
      if (!Object.keys(responses).some((status) => status.startsWith('2')))
        responses[200] = { description: 'Default Response' };
      responses[400] = {};
      if (path.includes('{')) responses[404] = {};
      for (const status of Object.keys(responses)) {
        const answer = ERROR_ANSWERS[status];
        if (!answer) continue;
        responses[status] = { $ref: `#/components/responses/${answer.name}` };
        used.add(answer.name);
      }
      operation.responses = responses;
    }
  }
  const components = (doc.components ?? {}) as Json;
  return {
    ...doc,
    servers: [{ url: '/', description: 'The portal that serves this document; paths start with /api.' }],
    components: {
      ...components,
      securitySchemes: Object.fromEntries(
        Object.entries((components.securitySchemes as Json | undefined) ?? {}).filter(([name]) =>
          schemesUsed.has(name),
        ),
      ),
      schemas: { ...(components.schemas as Json | undefined), ErrorEnvelope: ERROR_ENVELOPE },
      responses: {
        ...(components.responses as Json | undefined),
        ...Object.fromEntries(
          Object.values(ERROR_ANSWERS)
            .filter(({ name }) => used.has(name))
            .map(({ name, description }) => [
              name,
              {
                description,
                content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
              },
            ]),
        ),
      },
    },
  };
}

/**
 * The options of `@fastify/swagger` for the portal's API document; `securitySchemes` adds the
 * schemes that routes name in their own `schema.security`.
 */
export function openapiOptions(
  config: Pick<Config, 'appTitle'>,
  securitySchemes: Record<string, Json> = {},
): FastifyDynamicSwaggerOptions {
  return {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: `${config.appTitle} API`,
        version: '1.0.0',
        description:
          'Every answer is the envelope `{ code, msg, data }`. Request bodies may be form-encoded, JSON or multipart; `appID` rides in the body.',
        // A private project: no licence is granted (npm's UNLICENSED).
        license: {
          name: 'UNLICENSED',
          url: 'https://docs.npmjs.com/cli/configuring-npm/package-json#license',
        },
      },
      // Here rather than in completeDocument: the per-route step reads them (header names).
      components: { securitySchemes: { ...SECURITY_SCHEMES, ...securitySchemes } as never },
    },
    transform: documentRoute as SwaggerTransform,
    transformObject: completeDocument as unknown as SwaggerTransformObject,
  };
}

/**
 * The options of `@fastify/swagger-ui` (the document's pages at `/api/docs`). The compiled server
 * bundles the plugin (apps/server/build.mjs), so the files it finds beside its own code by default
 * (its page's assets and its logo) are named here, in its package.
 */
export function swaggerUiOptions(routePrefix: string) {
  const baseDir = path.join(path.dirname(require.resolve('@fastify/swagger-ui')), 'static');
  return {
    routePrefix,
    baseDir,
    logo: { type: 'image/svg+xml', content: fs.readFileSync(path.join(baseDir, 'logo.svg')) },
  };
}
