import swagger, { type SwaggerTransform, type SwaggerTransformObject } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { createJsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { API, STAFF_PREFIX } from '../../common/api-paths';
import type { Config } from '../config/config';
import { requireStaff, requireUser, SESSION_COOKIE } from './auth';

declare module 'fastify' {
  interface FastifySchema {
    /**
     * A request body the handler reads and checks itself, shown in the OpenAPI document but never
     * validated by Fastify: a multipart form, a webhook whose signature covers the raw bytes, an order
     * whose every mistake answers 400 rather than the 422 of schema validation.
     */
    documentedBody?: { contentType: string; schema: z.ZodType };
  }
}

/** The security schemes of the document, and the role a staff operation names. */
export const SECURITY = { session: 'session', csrf: 'csrfToken', staffRole: 'staff' } as const;

/** The areas operations are grouped by; a route's `schema.tags` names one of these. */
export const OPENAPI_TAGS = [
  { name: 'catalog', description: 'Products, search, suggestions and the category tree.' },
  {
    name: 'likes',
    description: 'Liked products: kept by the server for a shopper, in the browser for a guest.',
  },
  {
    name: 'users',
    description: 'Accounts and sessions: sign-up, sign-in, profile, password recovery, phone.',
  },
  { name: 'addresses', description: "The signed-in shopper's address book." },
  { name: 'orders', description: 'Placing, listing, cancelling and returning orders.' },
  {
    name: 'payments',
    description: 'Online payment: the browser reports a payment, the provider sends webhooks.',
  },
  { name: 'shipping', description: "Delivery by pincode and the courier's tracking webhook." },
  { name: 'reviews', description: 'Reviews by verified buyers, helpful votes and the Happy Customers wall.' },
  { name: 'analytics', description: 'The anonymous page-view and event beacon.' },
  {
    name: 'grievances',
    description: 'Filing a grievance and looking it up (Consumer Protection (E-Commerce) Rules, 2020).',
  },
  { name: 'system', description: 'Health and the public settings the web app starts with.' },
  {
    name: 'staff',
    description:
      'The back office: staff accounts only (roles owner, manager, support; each operation names the permission it needs).',
  },
] as const;

const MUTATING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const GUARDS = new Set<unknown>([requireUser, requireStaff]);

function methodsOf(route: RouteOptions): string[] {
  return [route.method].flat().map((method) => method.toUpperCase());
}

/** The routes the document describes: the JSON API under /api, minus what a route hides itself. */
export function isDocumented(route: Pick<RouteOptions, 'url' | 'method' | 'schema'>): boolean {
  return route.url.startsWith('/api/') && !route.schema?.hide && [route.method].flat().join() !== 'HEAD';
}

/**
 * Who may call a route, as the guards that really run say: the admin plugin's guard covers every path
 * under STAFF_PREFIX, requireUser on a route asks for any signed-in session, and every mutating call
 * needs the CSRF token unless the route turns the check off (signed webhooks, the analytics beacon).
 */
function securityOf(route: RouteOptions): Record<string, string[]>[] | undefined {
  const staff = route.url.startsWith(STAFF_PREFIX);
  const guarded = [route.onRequest, route.preValidation, route.preHandler]
    .flat()
    .some((hook) => GUARDS.has(hook));
  const requirement: Record<string, string[]> = {};
  if (staff) {
    const permission = route.config?.permission;
    requirement[SECURITY.session] = permission ? [SECURITY.staffRole, permission] : [SECURITY.staffRole];
  } else if (guarded) requirement[SECURITY.session] = [];
  if (methodsOf(route).some((method) => MUTATING_METHODS.has(method)) && route.config?.csrf !== false) {
    requirement[SECURITY.csrf] = [];
  }
  return Object.keys(requirement).length > 0 ? [requirement] : undefined;
}

const SUCCESS_DESCRIPTIONS: Record<string, string> = {
  200: 'OK',
  201: 'Created',
  204: 'Done; no body.',
  304: 'Not modified since the entity tag sent in If-None-Match.',
};

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Gives each success answer a plain description; error answers carry theirs (common/schemas/errors.ts).
 * @fastify/swagger reads `x-response-description` beside a plain schema and `description` beside a `$ref`.
 */
function describeResponses(response: unknown): unknown {
  if (!isObject(response)) return response;
  return Object.fromEntries(
    Object.entries(response).map(([status, schema]) => {
      const description = SUCCESS_DESCRIPTIONS[status];
      if (!description || !isObject(schema) || 'description' in schema) return [status, schema];
      return [
        status,
        { ...schema, ['$ref' in schema ? 'description' : 'x-response-description']: description },
      ];
    }),
  );
}

/**
 * A query parameter with a default may be left out, but zod's input schema lists one whose default
 * comes from `.catch()` as required (its declared type); the document says what the server accepts.
 */
function optionalDefaults(querystring: unknown): unknown {
  if (!isObject(querystring) || !isObject(querystring.properties) || !Array.isArray(querystring.required)) {
    return querystring;
  }
  const { properties } = querystring;
  const required = querystring.required.filter((name) => {
    const property = typeof name === 'string' ? properties[name] : undefined;
    return !(isObject(property) && 'default' in property);
  });
  return { ...querystring, required };
}

const zodTransform = createJsonSchemaTransform({ skipList: [] });

/** Route schemas (zod) to OpenAPI operations: only /api, with bodies the handlers read themselves, and who may call. */
const transform: SwaggerTransform = ({ schema, url, route, ...document }) => {
  if (!isDocumented(route)) return { schema: { hide: true }, url };
  const { documentedBody, ...declared } = schema ?? {};
  const withBody = documentedBody
    ? { ...declared, body: documentedBody.schema, consumes: [documentedBody.contentType] }
    : declared;
  const transformed = zodTransform({
    schema: { ...withBody, security: securityOf(route) },
    url,
    route,
    ...document,
  });
  const { response, querystring } = transformed.schema;
  return {
    schema: {
      ...transformed.schema,
      response: describeResponses(response),
      querystring: optionalDefaults(querystring),
    },
    url,
  };
};

/** Every `$ref` target named anywhere under `node`. */
function referencedComponents(node: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(node)) for (const item of node) referencedComponents(item, found);
  else if (isObject(node)) {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') found.add(value.replace('#/components/schemas/', ''));
      else referencedComponents(value, found);
    }
  }
  return found;
}

/**
 * The named zod schemas as components, keeping only those the operations use: the zod transform
 * emits an input and an output variant of every named schema, and most are only ever one of them.
 */
const transformObject: SwaggerTransformObject = (documentObject) => {
  const document = jsonSchemaTransformObject(documentObject);
  if (!('components' in document) || !document.components?.schemas) return document;
  const { schemas } = document.components;
  const used = referencedComponents(document.paths);
  // Named schemas refer to one another; follow them until no new name turns up.
  for (let size = 0; size !== used.size; ) {
    size = used.size;
    for (const name of [...used]) referencedComponents(schemas[name], used);
  }
  // The object was built for this call, so it is trimmed in place.
  for (const name of Object.keys(schemas)) if (!used.has(name)) delete schemas[name];
  return document;
};

const DESCRIPTION = `The HTTP contract of the shop (DESIGN.md §5), generated from the zod schemas the routes validate and answer with.

- JSON in and out. Money is rupees (a number with at most two decimals); timestamps are ISO 8601; records carry their id as \`_id\`.
- Every POST, PUT, PATCH and DELETE sends \`X-CSRF-Token\` with the token from \`GET ${API.users.csrf}\` (the \`csrfToken\` scheme), except the signed provider webhooks and the analytics beacon.
- A session is the \`${SESSION_COOKIE}\` cookie set by sign-in; operations that need one say so (\`session\`), and staff operations name the role \`staff\` and the permission they need (\`catalog:write\`, …; common/staff.ts says which roles hold it).
- Every error answer is \`{ message, code?, errors? }\`. Besides the answers listed per operation, any call can answer 400 for malformed JSON, 413 for a body over the limit, 415 for a content type it does not take, and 500 without detail.`;

/**
 * The contract as a document: `GET /api/openapi.json` (OpenAPI 3.1) and the reference page at
 * `/api/docs`. Register after `security` (the page's answers get the shop's headers) and before every
 * route plugin: the document only sees routes added after it.
 */
export const openapi = fp(
  async (app: FastifyInstance, { config }: { config: Config }) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: { title: `${config.SHOP_NAME} API`, version: '1', description: DESCRIPTION },
        tags: OPENAPI_TAGS.map((tag) => ({ ...tag })),
        components: {
          securitySchemes: {
            [SECURITY.session]: {
              type: 'apiKey',
              in: 'cookie',
              name: SESSION_COOKIE,
              description: `The session cookie that sign-in sets. Staff operations need a staff account's session (role \`${SECURITY.staffRole}\`).`,
            },
            [SECURITY.csrf]: {
              type: 'apiKey',
              in: 'header',
              name: 'X-CSRF-Token',
              description: `The token from \`GET ${API.users.csrf}\`, bound to this session.`,
            },
          },
        },
      },
      transform,
      transformObject,
    });

    app.get(API.docs.document, { schema: { hide: true } }, async () => app.swagger());

    // Swagger UI from files this server sends (no CDN), under the shop's own Content-Security-Policy:
    // its scripts are separate same-origin files and it styles through a stylesheet and the DOM. The
    // one exception is the logo of its top bar, an SVG with an inline <style> element that the policy
    // refuses, so the page uses the base layout, which has no top bar, and needs no CSP of its own.
    await app.register(swaggerUi, {
      routePrefix: API.docs.reference,
      theme: { title: `${config.SHOP_NAME} API reference` },
      uiConfig: { layout: 'BaseLayout', docExpansion: 'list', defaultModelsExpandDepth: 0 },
    });
  },
  { name: 'openapi', dependencies: ['security'] },
);
