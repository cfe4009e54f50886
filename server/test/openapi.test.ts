import { Validator } from '@seriousme/openapi-schema-validator';
import Ajv2020 from 'ajv/dist/2020';
import type { FastifyServerOptions, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { API, STAFF_PREFIX } from '../../common/api-paths';
import { OPENAPI_TAGS, SECURITY } from '../plugins/openapi';
import { createClient, createTestApp, signUp, type TestApp } from './test-app';

/**
 * Every route the app registers, recorded by an onRoute hook on the instance buildApp creates. The
 * hook is added before any plugin, so it sees every route, also those a plugin hides.
 */
const registered = vi.hoisted((): RouteOptions[] => []);
vi.mock('fastify', async (importOriginal) => {
  const fastify = await importOriginal<typeof import('fastify')>();
  const recording = ((options?: FastifyServerOptions) => {
    const app = fastify.default(options);
    app.addHook('onRoute', (route) => {
      registered.push(route);
    });
    return app;
  }) as typeof fastify.default;
  return { ...fastify, default: recording };
});

/** The /api routes left out of the document on purpose, and why. */
const HIDDEN: [RegExp, string][] = [
  [/^\/api\/docs(\/|$)/, 'the reference page and its assets'],
  [/^\/api\/openapi\.json$/, 'the document itself'],
  [/^\/api\/payments\/simulator\//, "the payment simulator's hosted HTML page, not JSON"],
  [/^\/api\/admin\/\*$/, "the staff area's catch-all 404"],
];

/** POST, PUT and PATCH calls that take no body; every other one declares what it reads. */
const TAKES_NO_BODY = new Set([
  `POST ${API.users.logout}`,
  `POST ${API.phone.sendOtp}`,
  `PATCH ${API.users.updateLastReminder}`,
  `PATCH ${API.address.setDefault.pattern}`,
  `POST ${API.likes.like.pattern}`,
  `POST ${API.order.pay.pattern}`,
  `POST ${API.reviews.helpful.pattern}`,
  `POST ${API.admin.approveReview.pattern}`,
  `POST ${API.admin.totp}`,
  `POST ${API.admin.returnApprove.pattern}`,
  `POST ${API.admin.returnReceived.pattern}`,
  `POST ${API.admin.customerBlock.pattern}`,
  `POST ${API.admin.customerUnblock.pattern}`,
]);

const TAG_NAMES = new Set<string>(OPENAPI_TAGS.map((tag) => tag.name));
const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

interface ApiRoute {
  method: string;
  url: string;
  route: Pick<RouteOptions, 'schema' | 'handler'>;
}

/** One entry per method of every registered /api route; HEAD is Fastify's copy of each GET. */
function apiRoutes(): ApiRoute[] {
  return registered
    .filter((route) => route.url.startsWith('/api/'))
    .flatMap((route) =>
      [route.method]
        .flat()
        .filter((method) => method !== 'HEAD')
        .map((method) => ({ method, url: route.url, route })),
    );
}

const pathParams = (url: string) => [...url.matchAll(/:(\w+)/g)].flatMap((match) => match.slice(1));
const toOpenapiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

/**
 * What a route lacks for the contract: a summary, a known tag, a 2xx answer, and a schema for each
 * part of the request it reads (path parameters, a body for POST/PUT/PATCH, the query string when the
 * handler reads it). Staff routes, and only they, carry the `staff` tag.
 */
function contractProblems({ method, url, route }: ApiRoute): string[] {
  const schema = route.schema ?? {};
  const problems: string[] = [];
  if (!schema.summary) problems.push('no summary');
  const tags = schema.tags ?? [];
  if (tags.length === 0 || tags.some((tag) => !TAG_NAMES.has(tag))) problems.push(`tags ${tags}`);
  const statuses = typeof schema.response === 'object' && schema.response ? Object.keys(schema.response) : [];
  if (!statuses.some((status) => status.startsWith('2'))) problems.push('no 2xx response schema');
  const params = schema.params instanceof z.ZodObject ? Object.keys(schema.params.shape) : [];
  for (const name of pathParams(url))
    if (!params.includes(name)) problems.push(`no params schema for ${name}`);
  const takesBody = ['POST', 'PUT', 'PATCH'].includes(method) && !TAKES_NO_BODY.has(`${method} ${url}`);
  if (takesBody && !schema.body && !schema.documentedBody) problems.push('no body schema');
  if (String(route.handler).includes('request.query') && !schema.querystring) {
    problems.push('reads request.query without a querystring schema');
  }
  if (url.startsWith(STAFF_PREFIX) !== tags.includes('staff')) problems.push('staff tag');
  return problems;
}

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('every /api route declares its contract', () => {
  it('finds what a route without schemas lacks', () => {
    const bare: ApiRoute = {
      method: 'POST',
      url: '/api/things/:id',
      route: { schema: {}, handler: () => {} },
    };
    expect(contractProblems(bare)).toEqual([
      'no summary',
      'tags ',
      'no 2xx response schema',
      'no params schema for id',
      'no body schema',
    ]);
  });

  it('hides only the routes that are not part of the JSON API', () => {
    const hidden = apiRoutes().filter(({ route }) => route.schema?.hide);
    const unexpected = hidden.filter(({ url }) => !HIDDEN.some(([pattern]) => pattern.test(url)));
    expect(unexpected.map(({ method, url }) => `${method} ${url}`)).toEqual([]);
    for (const [pattern, why] of HIDDEN) {
      const shown = apiRoutes().filter(({ url, route }) => pattern.test(url) && !route.schema?.hide);
      expect(
        shown.map(({ method, url }) => `${method} ${url}`),
        why,
      ).toEqual([]);
      expect(
        hidden.some(({ url }) => pattern.test(url)),
        `${why} is registered`,
      ).toBe(true);
    }
  });

  it('gives every other route a summary, tags, a 2xx answer and schemas for what it reads', () => {
    const documented = apiRoutes().filter(({ route }) => !route.schema?.hide);
    expect(documented.length).toBeGreaterThan(50);
    const problems = documented.flatMap((apiRoute) =>
      contractProblems(apiRoute).map((problem) => `${apiRoute.method} ${apiRoute.url}: ${problem}`),
    );
    expect(problems).toEqual([]);
  });
});

describe('common/api-paths.ts', () => {
  /** Registered /api routes that no client calls by name: Swagger UI's own assets, the staff catch-all. */
  const notInTable = (url: string) => url.startsWith(`${API.docs.reference}/`) || url === `${STAFF_PREFIX}*`;

  it('lists exactly the /api paths the app registers', () => {
    const table = Object.values(API).flatMap((group) =>
      Object.values(group).map((path) => (typeof path === 'string' ? path : path.pattern)),
    );
    const served = new Set(apiRoutes().map(({ url }) => url));
    expect([...served].filter((url) => !notInTable(url)).sort()).toEqual(table.sort());
  });
});

type Operation = {
  summary?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string; description?: string; schema: object }[];
  requestBody?: { content: Record<string, { schema: object }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: object }> }>;
};
type OpenapiDocument = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, object>; securitySchemes: Record<string, object> };
};

describe('GET /api/openapi.json', () => {
  let document: OpenapiDocument;
  let operations: { method: string; path: string; operation: Operation }[];

  beforeAll(async () => {
    const res = await t.app.inject({ method: 'GET', url: API.docs.document });
    expect(res.statusCode).toBe(200);
    document = res.json();
    operations = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })),
    );
  });

  it('is a valid OpenAPI 3.1 document whose schemas are valid JSON Schema 2020-12', async () => {
    expect(document.openapi).toBe('3.1.0');
    const result = await new Validator().validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);

    // The OpenAPI validator leaves the schema objects to JSON Schema; check each against its meta-schema.
    const ajv = new Ajv2020({ strict: false });
    const schemas: [string, object][] = Object.entries(document.components.schemas);
    for (const { method, path, operation } of operations) {
      const where = `${method} ${path}`;
      for (const parameter of operation.parameters ?? [])
        schemas.push([`${where} ${parameter.name}`, parameter.schema]);
      for (const [type, media] of Object.entries(operation.requestBody?.content ?? {})) {
        schemas.push([`${where} body ${type}`, media.schema]);
      }
      for (const [status, response] of Object.entries(operation.responses)) {
        for (const media of Object.values(response.content ?? {}))
          schemas.push([`${where} ${status}`, media.schema]);
      }
    }
    const invalid = schemas.filter(([, schema]) => !ajv.validateSchema(schema)).map(([where]) => where);
    expect(invalid).toEqual([]);
  });

  it('shows that a search filter group takes one value or several', () => {
    const search = operations.find(({ method, path }) => method === 'GET' && path === API.catalog.search);
    for (const name of ['brand', 'color', 'size']) {
      const parameter = search?.operation.parameters?.find((p) => p.name === name);
      expect(parameter?.description, name).toMatch(/several, by repeating the parameter/);
      expect(JSON.stringify(parameter?.schema), name).toContain('"type":"array"');
    }
  });

  it('describes exactly the /api routes that are not hidden', () => {
    const routes = apiRoutes()
      .filter(({ route }) => !route.schema?.hide)
      .map(({ method, url }) => `${method} ${toOpenapiPath(url)}`);
    expect(operations.map(({ method, path }) => `${method} ${path}`).sort()).toEqual(routes.sort());
  });

  it('gives every operation a summary, a tag, its path parameters and a 2xx answer with its schema', () => {
    for (const { method, path, operation } of operations) {
      const where = `${method} ${path}`;
      expect(operation.summary, where).toBeTruthy();
      expect(operation.tags?.length, where).toBeGreaterThan(0);
      for (const tag of operation.tags ?? []) expect(TAG_NAMES.has(tag), `${where} tag ${tag}`).toBe(true);
      const inPath = (operation.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
      expect(inPath.sort(), where).toEqual(pathParams(path.replace(/\{(\w+)\}/g, ':$1')).sort());
      const success = Object.entries(operation.responses).filter(([status]) => status.startsWith('2'));
      expect(success.length, where).toBeGreaterThan(0);
      for (const [status, response] of success) {
        const hasSchema = Object.values(response.content ?? {}).some((media) => media.schema);
        expect(hasSchema || status === '204', `${where} ${status}`).toBe(true);
      }
    }
  });

  it('tags staff operations and marks them as needing a staff session', () => {
    const staff = operations.filter(({ path }) => path.startsWith(STAFF_PREFIX));
    expect(staff.length).toBeGreaterThan(0);
    for (const { method, path, operation } of operations) {
      const where = `${method} ${path}`;
      const isStaff = path.startsWith(STAFF_PREFIX);
      expect(operation.tags?.includes('staff'), where).toBe(isStaff);
      const roles = (operation.security ?? []).flatMap((requirement) => requirement[SECURITY.session] ?? []);
      expect(roles.includes(SECURITY.staffRole), where).toBe(isStaff);
    }
    expect(Object.keys(document.components.securitySchemes).sort()).toEqual(
      [SECURITY.csrf, SECURITY.session].sort(),
    );
  });

  /**
   * The security the document claims, tried against the running app: a guest gets 401 from exactly
   * the operations that need a session, a customer 403 from the staff ones, and a call without the
   * CSRF header 403 CSRF_INVALID from exactly those that need the token.
   */
  describe('security as the app enforces it', () => {
    /** Bodies that pass validation, for operations whose session check runs after it (preHandler). */
    const VALID_BODIES: Record<string, unknown> = {
      [`POST ${API.users.changePassword}`]: { currentPassword: 'x', newPassword: 'Kurta#Silk2026' },
      [`DELETE ${API.users.me}`]: { password: 'x' },
      [`POST ${API.phone.verify}`]: { otp: '123456' },
      [`POST ${toOpenapiPath(API.order.return.pattern)}`]: { reason: 'Too small' },
      [`POST ${API.payments.verify}`]: { orderId: 'o', providerOrderId: 'p', paymentId: 'q', signature: 's' },
    };
    const SIGN_IN_MESSAGE = 'Please sign in to continue.';

    const requestOf = (method: string, path: string) => ({
      method: method as 'GET',
      url: path.replace(/\{\w+\}/g, 'openapi-test'),
      ...(MUTATING.has(method) ? { payload: VALID_BODIES[`${method} ${path}`] ?? {} } : {}),
    });
    const needs = (operation: Operation, scheme: string) =>
      (operation.security ?? []).some((requirement) => scheme in requirement);

    it('answers 401 to a guest exactly where a session is needed', async () => {
      const wrong: string[] = [];
      for (const { method, path, operation } of operations) {
        const res = await createClient(t.app).request(requestOf(method, path));
        const signInRefused = res.statusCode === 401 && res.json().message === SIGN_IN_MESSAGE;
        if (signInRefused !== needs(operation, SECURITY.session)) {
          wrong.push(`${method} ${path}: ${res.statusCode} ${res.body.slice(0, 120)}`);
        }
      }
      expect(wrong).toEqual([]);
    });

    it('answers 403 to a signed-in customer on every staff operation', async () => {
      const customer = createClient(t.app);
      await signUp(customer);
      for (const { method, path } of operations.filter((op) => op.path.startsWith(STAFF_PREFIX))) {
        const res = await customer.request(requestOf(method, path));
        expect(res.statusCode, `${method} ${path}`).toBe(403);
        expect(res.json().code, `${method} ${path}`).toBe('FORBIDDEN');
      }
    });

    it('refuses a call without the CSRF header exactly where the token is needed', async () => {
      const wrong: string[] = [];
      for (const { method, path, operation } of operations) {
        const res = await createClient(t.app).request({ ...requestOf(method, path), csrf: false });
        const csrfRefused = res.statusCode === 403 && res.json().code === 'CSRF_INVALID';
        if (csrfRefused !== needs(operation, SECURITY.csrf))
          wrong.push(`${method} ${path}: ${res.statusCode}`);
      }
      expect(wrong).toEqual([]);
    });
  });
});

describe('the reference page', () => {
  it('is served with every asset it loads from this server, under the shop’s CSP', async () => {
    const page = await t.app.inject({ method: 'GET', url: API.docs.reference });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const assets = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1] ?? '');
    expect(assets.length).toBeGreaterThan(3);
    for (const asset of assets) {
      expect(asset, 'same-origin path').toMatch(/^\/api\/docs\//);
      expect((await t.app.inject({ method: 'GET', url: asset })).statusCode, asset).toBe(200);
    }
    // No inline script: the page's only code is the files above.
    expect(page.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
  });
});
