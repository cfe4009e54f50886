import fc from 'fast-check';
import { arbitraryOf, type Hints, type Operation, type Schema } from './openapi';
import {
  type Draft,
  FORM_BOUNDARY,
  type FormPart,
  type Json,
  jsonText,
  percentEncode,
  RawJson,
  type Role,
} from './request';

/**
 * The requests the fuzz test sends for one operation as one role: a valid request built from the
 * operation's schemas and the world's hints, or that request taken apart the way a hostile client
 * would (one mutation each, so a failure points at one cause). Everything is a fast-check arbitrary,
 * so a failing request shrinks to a small one.
 */

export interface DraftContext {
  hints: Hints;
  /** Photos a review form may carry. */
  images: FormPart[];
  /** Ids of other users' things (orders, addresses, reviews), read when a request is generated. */
  foreignIds: () => string[];
}

type Path = (string | number)[];
type Mutation = (draft: Draft) => Draft;

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

// ----- valid requests -----

function validBody(
  operation: Operation,
  hints: Hints,
  images: FormPart[],
): fc.Arbitrary<Pick<Draft, 'body' | 'contentType'>> {
  const [first, ...others] = operation.bodies;
  if (!first) return fc.constant({ body: { kind: 'none' } as const });
  if (first.contentType === 'multipart/form-data') return validForm(first.schema, hints, images);
  return fc.constantFrom(first, ...others).chain(({ contentType, schema }) =>
    arbitraryOf(schema, 'body', hints).map((value) =>
      contentType === 'application/json'
        ? { body: { kind: 'json', value } as const }
        : // Another documented type (the analytics beacon's text/plain) carries the same JSON text.
          {
            body: { kind: 'raw', bytes: jsonText(value) } as const,
            contentType: `${contentType};charset=UTF-8`,
          },
    ),
  );
}

/** A review form: its text fields from the schema, and a photo with consent now and then. */
function validForm(schema: Schema, hints: Hints, images: FormPart[]): fc.Arbitrary<Pick<Draft, 'body'>> {
  const text = { ...schema, properties: { ...schema.properties } };
  delete text.properties.image;
  const formHints: Hints = (at) =>
    hints(at) ??
    (
      {
        'body.title': fc.constantFrom('Lovely fabric', 'Runs small'),
        'body.comment': fc.constantFrom(
          'Soft cotton, true to size and colour.',
          'The stitching came loose after a wash.',
        ),
        'body.rating': fc.integer({ min: 1, max: 5 }),
      } as Record<string, fc.Arbitrary<Json>>
    )[at];
  return fc
    .record({
      fields: arbitraryOf(text, 'body', formHints),
      image: fc.option(fc.constantFrom(...images), { nil: undefined }),
    })
    .map(({ fields, image }) => {
      const parts: FormPart[] = Object.entries(fields as Record<string, Json>).map(([name, value]) => ({
        name,
        value: String(value),
      }));
      if (image)
        parts.push(
          image,
          ...(parts.some((part) => part.name === 'consent') ? [] : [{ name: 'consent', value: 'true' }]),
        );
      return { body: { kind: 'multipart', parts } as const };
    });
}

function validDraft(operation: Operation, role: Role, context: DraftContext): fc.Arbitrary<Draft> {
  const { hints, images } = context;
  const params: Record<string, fc.Arbitrary<string>> = {};
  const query: fc.Arbitrary<[string, string] | undefined>[] = [];
  for (const parameter of operation.parameters) {
    const value = arbitraryOf(parameter.schema, `${parameter.in}.${parameter.name}`, hints).map((item) =>
      typeof item === 'string' ? item : jsonText(item),
    );
    if (parameter.in === 'path') params[parameter.name] = value;
    else {
      const pair = value.map((item): [string, string] => [parameter.name, item]);
      query.push(parameter.required ? pair : fc.option(pair, { nil: undefined }));
    }
  }
  const signature = operation.id.startsWith('POST /api/payments/webhook')
    ? ({ provider: 'payment', mode: 'valid' } as const)
    : operation.id.startsWith('POST /api/shipping/webhook')
      ? ({ provider: 'courier', mode: 'valid' } as const)
      : undefined;
  const idempotency =
    operation.id === 'POST /api/order'
      ? fc.option(fc.uuid(), { nil: undefined }).map((key) => (key ? { 'idempotency-key': key } : {}))
      : fc.constant({});
  return fc
    .record({
      params: fc.record(params),
      query: fc.tuple(...query),
      body: validBody(operation, hints, images),
      headers: idempotency,
    })
    .map(({ params: values, query: pairs, body, headers }) => ({
      operation: operation.id,
      role,
      method: operation.method,
      path: operation.path,
      params: values,
      query: pairs.filter((pair): pair is [string, string] => pair !== undefined),
      headers,
      ...body,
      csrf: 'valid',
      session: 'own',
      ...(signature ? { signature } : {}),
      variant: 'valid',
    }));
}

// ----- JSON trees -----

/** Every node of a JSON value with its path, the root first. */
function nodesOf(value: Json, path: Path = []): { path: Path; value: Json }[] {
  const nodes = [{ path, value }];
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) nodes.push(...nodesOf(item, [...path, index]));
  } else if (value !== null && typeof value === 'object' && !(value instanceof RawJson)) {
    for (const [key, item] of Object.entries(value)) nodes.push(...nodesOf(item, [...path, key]));
  }
  return nodes;
}

const isObject = (value: Json): value is { [key: string]: Json } =>
  value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof RawJson);

/** The value with `path` replaced (or removed, for undefined); keys such as `__proto__` stay plain keys. */
function setAt(value: Json, path: Path, replacement: Json | undefined): Json {
  const [head, ...rest] = path;
  if (head === undefined) return replacement === undefined ? null : replacement;
  if (Array.isArray(value)) {
    const copy = [...value];
    if (rest.length === 0 && replacement === undefined) copy.splice(Number(head), 1);
    else copy[Number(head)] = setAt(value[Number(head)] ?? null, rest, replacement);
    return copy;
  }
  if (!isObject(value)) return value;
  const entries = Object.entries(value).filter(
    ([key]) => !(rest.length === 0 && replacement === undefined && key === head),
  );
  const next = entries.map(([key, item]): [string, Json] =>
    key === head && (rest.length > 0 || replacement !== undefined)
      ? [key, setAt(item, rest, replacement)]
      : [key, item],
  );
  // Object.fromEntries defines each key as an own property, so `__proto__` is a key, not a prototype.
  return Object.fromEntries(next);
}

function addKey(value: Json, key: string, item: Json): Json {
  return isObject(value) ? Object.fromEntries([...Object.entries(value), [key, item]]) : value;
}

const pathText = (path: Path) => (path.length === 0 ? 'the body' : path.join('.'));

/** Picks one of `candidates` by index, or undefined when there is none. */
const nth = <T>(candidates: T[], index: number): T | undefined =>
  candidates[index % Math.max(1, candidates.length)];

// ----- hostile values -----

const CONTROLS = [
  '\u0000',
  '\u0001',
  '\u0007',
  '\b',
  '\t',
  '\n',
  '\r',
  '\u000b',
  '\u001b',
  '\u007f',
  '\u0080',
  '\u0085',
  '\u009f',
];
const SURROGATES = ['\ud800', '\udbff', '\udc00', '\udfff', '\udc00\ud800'];
/** Text that reads like code: stored by the shop as it is, so it comes back in later answers. */
export const INJECTIONS = [
  "' OR '1'='1",
  '1; DROP TABLE users; --',
  "'; select pg_sleep(5); --",
  'select * from users where 1=1',
  '<script>alert(1)</script>',
  '{{7*7}}\u0024{7*7}',
  '../../../../etc/passwd',
  '%s%s%s%n',
  '\\',
  '"',
  '__proto__',
  'constructor',
  'null',
  'undefined',
  'NaN',
];
const LIMITS = [
  1, 2, 5, 6, 7, 10, 29, 30, 31, 35, 36, 50, 51, 59, 60, 61, 99, 100, 101, 200, 201, 254, 255, 500, 501, 2000,
  2001, 2048, 2049, 4000, 4001, 16_384, 65_537,
];

/**
 * Text PostgreSQL or a JSON column cannot hold: a control character, an unpaired surrogate. It broke
 * the most routes before (docs/decisions/030-text-input.md), so the fuzzer sends it most often.
 */
const unstorableText: fc.Arbitrary<{ kind: string; value: string }> = fc.oneof(
  fc
    .tuple(fc.string({ maxLength: 4 }), fc.constantFrom(...CONTROLS), fc.string({ maxLength: 4 }))
    .map(([before, control, after]) => ({
      kind: 'a control character',
      value: `${before}${control}${after}`,
    })),
  fc
    .tuple(fc.string({ maxLength: 4 }), fc.constantFrom(...SURROGATES))
    .map(([before, surrogate]) => ({ kind: 'an unpaired surrogate', value: `${before}${surrogate}` })),
);

/** A hostile string with the name of what makes it so. */
const hostileString: fc.Arbitrary<{ kind: string; value: string }> = fc.oneof(
  fc.constant({ kind: 'an empty string', value: '' }),
  fc.constant({ kind: 'a 1 MB string', value: 'a'.repeat(1_000_000) }),
  fc.constant({ kind: 'a 1 MB string of Devanagari', value: 'क'.repeat(340_000) }),
  fc.constant({ kind: 'a string over the body limit', value: 'a'.repeat(1_100_000) }),
  unstorableText,
  fc
    .constantFrom('\u202eakruK', 'مرحبا بالعالم', 'שלום', '\u200fabc\u200e', '\u2066x\u2069')
    .map((value) => ({ kind: 'right-to-left text', value })),
  fc
    .constantFrom(1, 50, 5000)
    .map((count) => ({ kind: 'combining marks', value: `e${'\u0301'.repeat(count)}` })),
  fc
    .constantFrom('\u200b', 'a\u200db', '\ufeffKurta', '\u2060\u180e')
    .map((value) => ({ kind: 'zero-width characters', value })),
  fc
    .constantFrom('👩🏽‍💻🇮🇳', '𝕂𝕦𝕣𝕥𝕒', 'नमस्ते', 'வணக்கம்', 'Ω≈ç√∫')
    .map((value) => ({ kind: 'emoji and other scripts', value })),
  fc.constantFrom(' ', '   ', '\u00a0', '\u3000').map((value) => ({ kind: 'only whitespace', value })),
  fc.constantFrom(...INJECTIONS).map((value) => ({ kind: 'injection text', value })),
  fc.constantFrom(...LIMITS).map((length) => ({ kind: `${length} characters`, value: 'x'.repeat(length) })),
  fc
    .string({
      unit: fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)),
      maxLength: 12,
    })
    .map((value) => ({ kind: 'arbitrary UTF-16', value })),
  fc
    .constantFrom('аsha@example.in', ' ASHA@EXAMPLE.IN ', 'a@b', `${'a'.repeat(250)}@example.in`, 'a@b@c')
    .map((value) => ({ kind: 'an odd email', value })),
);

/** A number at an edge, some written as JSON text JSON.stringify cannot produce. */
const edgeNumber: fc.Arbitrary<{ kind: string; value: Json }> = fc.oneof(
  fc
    .constantFrom(
      0,
      -1,
      1,
      0.5,
      1.005,
      0.1 + 0.2,
      1e-7,
      5e-324,
      51,
      101,
      1001,
      100_001,
      2 ** 31 - 1,
      2 ** 31,
      2 ** 32,
      2 ** 53 - 1,
      2 ** 53,
      1e21,
      Number.MAX_VALUE,
      -Number.MAX_VALUE,
    )
    .map((value) => ({ kind: `the number ${value}`, value })),
  fc
    .constantFrom(
      '-0',
      '9007199254740993',
      '1e400',
      '-1e400',
      `1${'0'.repeat(400)}`,
      `0.${'0'.repeat(400)}1`,
      '1E2',
      '-0.0',
    )
    .map((text) => ({
      kind: `the number ${text.length > 20 ? `${text.slice(0, 8)}…` : text}`,
      value: new RawJson(text),
    })),
  fc.constantFrom('5', '1e3', '').map((value) => ({ kind: `the number as a string "${value}"`, value })),
);

const otherType: fc.Arbitrary<Json> = fc.constantFrom<Json>(
  null,
  0,
  -1,
  true,
  false,
  '',
  'text',
  [],
  [1, 2],
  {},
  { a: 1 },
  [[]],
);

// ----- mutations -----

const mutation = (name: string, apply: Mutation): fc.Arbitrary<Mutation> =>
  fc.constant((draft) => ({ ...apply(draft), variant: name }));

type Weighted = { weight: number; arbitrary: fc.Arbitrary<Mutation> };
const weighted = (weight: number, arbitrary: fc.Arbitrary<Mutation>): Weighted => ({ weight, arbitrary });

/**
 * Mutations of a JSON body's values, each naming where it struck. Hostile text comes most often, and
 * in every text field at once as well as in one: it broke the most routes before.
 */
function jsonValueMutations(): Weighted[] {
  const strike =
    (
      pick: (nodes: { path: Path; value: Json }[]) => { path: Path; value: Json }[],
      nameOf: (path: Path) => string,
      replace: (old: Json) => Json | undefined,
    ) =>
    (index: number): Mutation =>
    (draft) => {
      if (draft.body.kind !== 'json') return draft;
      const candidates = pick(nodesOf(draft.body.value));
      const target = nth(candidates, index) ?? { path: [], value: draft.body.value };
      return {
        ...draft,
        body: { kind: 'json', value: setAt(draft.body.value, target.path, replace(target.value)) },
        variant: nameOf(target.path),
      };
    };
  const leaves = (nodes: { path: Path; value: Json }[]) =>
    nodes.filter(({ value }) => value === null || typeof value !== 'object' || value instanceof RawJson);
  const stringsFirst = (nodes: { path: Path; value: Json }[]) => {
    const strings = nodes.filter(({ value }) => typeof value === 'string');
    return strings.length > 0 ? strings : leaves(nodes);
  };
  const numbersFirst = (nodes: { path: Path; value: Json }[]) => {
    const numbers = nodes.filter(({ value }) => typeof value === 'number' || value instanceof RawJson);
    return numbers.length > 0 ? numbers : leaves(nodes);
  };
  const keyed = (nodes: { path: Path; value: Json }[]) =>
    nodes.filter(({ path }) => typeof path.at(-1) === 'string');
  const objects = (nodes: { path: Path; value: Json }[]) => nodes.filter(({ value }) => isObject(value));
  const arrays = (nodes: { path: Path; value: Json }[]) => nodes.filter(({ value }) => Array.isArray(value));

  const everywhere = (value: Json, replacement: string): Json => {
    let next = value;
    for (const { path } of nodesOf(value).filter((node) => typeof node.value === 'string')) {
      next = setAt(next, path, replacement);
    }
    return next;
  };
  return [
    weighted(
      6,
      fc.tuple(fc.nat(), unstorableText).map(([index, { kind, value }]) =>
        strike(
          stringsFirst,
          (path) => `${kind} in ${pathText(path)}`,
          () => value,
        )(index),
      ),
    ),
    weighted(
      4,
      fc.tuple(fc.nat(), hostileString).map(([index, { kind, value }]) =>
        strike(
          stringsFirst,
          (path) => `${kind} in ${pathText(path)}`,
          () => value,
        )(index),
      ),
    ),
    weighted(
      3,
      hostileString.map(
        ({ kind, value }) =>
          (draft: Draft): Draft =>
            draft.body.kind === 'json'
              ? {
                  ...draft,
                  body: { kind: 'json', value: everywhere(draft.body.value, value) },
                  variant: `${kind} in every text field`,
                }
              : draft,
      ),
    ),
    weighted(
      2,
      fc.tuple(fc.nat(), otherType).map(([index, value]) =>
        strike(
          (nodes) => nodes,
          (path) => `wrong type at ${pathText(path)}`,
          () => value,
        )(index),
      ),
    ),
    weighted(
      1,
      fc.nat().map(
        strike(
          keyed,
          (path) => `missing ${pathText(path)}`,
          () => undefined,
        ),
      ),
    ),
    weighted(
      2,
      fc.tuple(fc.nat(), edgeNumber).map(([index, { kind, value }]) =>
        strike(
          numbersFirst,
          (path) => `${kind} in ${pathText(path)}`,
          () => value,
        )(index),
      ),
    ),
    weighted(
      1,
      fc.tuple(fc.nat(), fc.constantFrom('empty', 'ten thousand items', 'nulls')).map(([index, how]) =>
        strike(
          arrays,
          (path) =>
            `${how === 'empty' ? 'an empty array' : how === 'nulls' ? 'an array of nulls' : 'ten thousand items'} at ${pathText(path)}`,
          (old) =>
            how === 'empty'
              ? []
              : how === 'nulls'
                ? [null, null]
                : Array.from({ length: 10_000 }, () => (Array.isArray(old) ? (old[0] ?? 1) : 1)),
        )(index),
      ),
    ),
    weighted(
      1,
      fc
        .tuple(
          fc.nat(),
          fc.oneof(
            fc.constantFrom(
              'role',
              'isAdmin',
              'userId',
              '_id',
              'price',
              'paymentStatus',
              'deliveryStatus',
              'countInStock',
              'isMobVerified',
            ),
            fc.string({ maxLength: 8 }),
          ),
          otherType,
        )
        .map(([index, key, item]) =>
          strike(
            objects,
            (path) => `extra field ${JSON.stringify(key)} in ${pathText(path)}`,
            (old) => addKey(old, key, item),
          )(index),
        ),
    ),
    weighted(
      1,
      fc
        .tuple(
          fc.nat(),
          fc.constantFrom('__proto__', 'constructor', 'prototype'),
          fc.constantFrom<Json>(
            { isAdmin: true },
            { role: 'admin' },
            { prototype: { polluted: 'yes' } },
            { polluted: 'yes' },
          ),
        )
        .map(([index, key, item]) =>
          strike(
            objects,
            (path) => `prototype key ${key} in ${pathText(path)}`,
            (old) => addKey(old, key, item),
          )(index),
        ),
    ),
    weighted(
      1,
      fc
        .constantFrom<Json>([], 'text', 42, null, true)
        .map(
          (value) => (draft: Draft) =>
            draft.body.kind === 'json'
              ? { ...draft, body: { kind: 'json', value }, variant: `the body is ${jsonText(value)}` }
              : draft,
        ),
    ),
  ];
}

/** Bodies that are not the JSON they claim to be. */
function malformedJson(): fc.Arbitrary<Mutation> {
  const broken: [string, (json: string) => string | Buffer][] = [
    ['cut short', (json) => json.slice(0, Math.max(1, Math.floor(json.length / 2)))],
    ['a trailing comma', (json) => json.replace(/}$/, ',}')],
    ['single quotes', (json) => json.replaceAll('"', "'")],
    ['a byte-order mark', (json) => `\ufeff${json}`],
    ['garbage after it', (json) => `${json}}{`],
    ['two documents', (json) => `${json}${json}`],
    ['a comment', (json) => `/* note */${json}`],
    ['NaN', () => '{"n": NaN}'],
    ['a raw NUL in a string', () => '{"name":"a\u0000b"}'],
    ['an escaped lone surrogate as a key', () => '{"\\ud800":1}'],
    [
      'invalid UTF-8',
      (json) =>
        Buffer.concat([
          Buffer.from(json.slice(0, -1)),
          Buffer.from([0xff, 0xfe, 0xc0, 0xaf]),
          Buffer.from('}'),
        ]),
    ],
    ['only whitespace', () => '   \n'],
    ['empty', () => ''],
    ['nesting 10,000 deep', () => `${'['.repeat(10_000)}${']'.repeat(10_000)}`],
    ['objects nested 5,000 deep', () => `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`],
    ['a duplicated __proto__ key', () => '{"__proto__":{"isAdmin":true},"__proto__":{}}'],
    ['a huge number', () => `{"page":${'9'.repeat(5000)}}`],
  ];
  return fc.constantFrom(...broken).map(([name, breakIt]) => (draft: Draft) => {
    const json = draft.body.kind === 'json' ? jsonText(draft.body.value) : '{"a":1}';
    return {
      ...draft,
      body: { kind: 'raw', bytes: breakIt(json) },
      contentType: 'application/json',
      variant: `malformed JSON: ${name}`,
    };
  });
}

const CONTENT_TYPES: (string | string[] | null)[] = [
  null,
  '',
  'text/plain',
  'text/plain;charset=UTF-8',
  'application/x-www-form-urlencoded',
  'application/xml',
  'application/octet-stream',
  'application/json; charset=utf-16le',
  'application/json; charset=latin1',
  'APPLICATION/JSON',
  'application/vnd.api+json',
  'application/json, text/plain',
  'multipart/form-data',
  `multipart/form-data; boundary=${FORM_BOUNDARY}`,
  ['application/json', 'text/plain'],
];

function wrongContentType(): fc.Arbitrary<Mutation> {
  return fc.constantFrom(...CONTENT_TYPES).map((contentType) => (draft: Draft) => ({
    ...draft,
    contentType,
    variant: `content type ${contentType === null ? 'left out' : JSON.stringify(contentType)}`,
  }));
}

/** A form body in the wrong encoding: url-encoded fields instead of JSON. */
function formEncoded(): fc.Arbitrary<Mutation> {
  return mutation('a url-encoded form', (draft) => ({
    ...draft,
    body: { kind: 'raw', bytes: 'email=a%40b.in&password=x&__proto__[isAdmin]=true' },
    contentType: 'application/x-www-form-urlencoded',
  }));
}

/** A body where the operation takes none. */
function unexpectedBody(): fc.Arbitrary<Mutation> {
  return fc
    .constantFrom<[string, Draft['body'], string | null]>(
      ['JSON', { kind: 'json', value: { a: 1, __proto__x: { b: 2 } } }, 'application/json'],
      ['malformed JSON', { kind: 'raw', bytes: '{"a":' }, 'application/json'],
      ['text', { kind: 'raw', bytes: 'hello' }, 'text/plain'],
      ['a 1 MB JSON string', { kind: 'json', value: 'a'.repeat(1_000_000) }, 'application/json'],
    )
    .map(([name, body, contentType]) => (draft: Draft) => ({
      ...draft,
      body,
      contentType,
      variant: `an unexpected body: ${name}`,
    }));
}

/** Multipart bodies broken in the ways a parser meets them. */
function malformedMultipart(): fc.Arbitrary<Mutation> {
  const field = (boundary: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="rating"\r\n\r\n5\r\n`;
  const cases: [string, string, string | Buffer][] = [
    ['no boundary', 'multipart/form-data', `${field('abc')}--abc--\r\n`],
    [
      'a boundary over 256 characters',
      `multipart/form-data; boundary=${'b'.repeat(300)}`,
      field('b'.repeat(300)),
    ],
    ['a body cut short', 'multipart/form-data; boundary=abc', field('abc').slice(0, -6)],
    ['another boundary', 'multipart/form-data; boundary=abc', `${field('xyz')}--xyz--\r\n`],
    ['no closing boundary', 'multipart/form-data; boundary=abc', field('abc')],
    ['a part without headers', 'multipart/form-data; boundary=abc', '--abc\r\n\r\n5\r\n--abc--\r\n'],
    [
      'a part without a name',
      'multipart/form-data; boundary=abc',
      '--abc\r\nContent-Disposition: form-data\r\n\r\n5\r\n--abc--\r\n',
    ],
    [
      'a quoted boundary with spaces',
      'multipart/form-data; boundary="a b c"',
      `${field('a b c')}--a b c--\r\n`,
    ],
    ['an empty body', 'multipart/form-data; boundary=abc', ''],
    ['a boundary of one character', 'multipart/form-data; boundary=-', `${field('-')}----\r\n`],
    [
      'twelve fields',
      'multipart/form-data; boundary=abc',
      `${Array.from({ length: 12 }, (_, i) => `--abc\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\nx\r\n`).join('')}--abc--\r\n`,
    ],
    [
      'a field over 16 KB',
      'multipart/form-data; boundary=abc',
      `--abc\r\nContent-Disposition: form-data; name="comment"\r\n\r\n${'x'.repeat(20_000)}\r\n--abc--\r\n`,
    ],
    [
      'two files',
      'multipart/form-data; boundary=abc',
      '--abc\r\nContent-Disposition: form-data; name="image"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\nxx\r\n--abc\r\nContent-Disposition: form-data; name="image"; filename="b.jpg"\r\nContent-Type: image/jpeg\r\n\r\nyy\r\n--abc--\r\n',
    ],
    [
      'a file in a text field',
      'multipart/form-data; boundary=abc',
      '--abc\r\nContent-Disposition: form-data; name="title"; filename="../../etc/passwd"\r\n\r\nxx\r\n--abc--\r\n',
    ],
    [
      'a __proto__ field',
      'multipart/form-data; boundary=abc',
      '--abc\r\nContent-Disposition: form-data; name="__proto__"\r\n\r\n{"isAdmin":true}\r\n--abc--\r\n',
    ],
  ];
  return fc.constantFrom(...cases).map(([name, contentType, bytes]) => (draft: Draft) => ({
    ...draft,
    body: { kind: 'raw', bytes },
    contentType,
    variant: `malformed multipart: ${name}`,
  }));
}

/** Mutations of a well-framed form: its fields (hostile text most often, as in JSON) and its photo. */
function formMutations(images: FormPart[]): Weighted[] {
  const onParts =
    (name: string, change: (parts: FormPart[], index: number) => FormPart[]) =>
    (index: number) =>
    (draft: Draft) =>
      draft.body.kind === 'multipart'
        ? {
            ...draft,
            body: { kind: 'multipart' as const, parts: change(draft.body.parts, index) },
            variant: name,
          }
        : draft;
  const textParts = (parts: FormPart[]) => parts.filter((part) => part.filename === undefined);
  const inOneField =
    (index: number, { kind, value }: { kind: string; value: string }): Mutation =>
    (draft) => {
      if (draft.body.kind !== 'multipart') return draft;
      const target = nth(textParts(draft.body.parts), index);
      if (!target) return draft;
      return {
        ...draft,
        body: {
          kind: 'multipart',
          parts: draft.body.parts.map((part) => (part === target ? { ...part, value } : part)),
        },
        variant: `${kind} in form field ${target.name}`,
      };
    };
  const bombPng = Buffer.concat([
    Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'),
    Buffer.from([0x00, 0x01, 0x86, 0xa0, 0x00, 0x01, 0x86, 0xa0, 0x08, 0x02, 0x00, 0x00, 0x00]),
    Buffer.alloc(64),
  ]);
  const [jpeg, png] = images.map((image) => image.value as Buffer);
  const badImages: [string, Buffer, string][] = [
    ['a truncated JPEG', (jpeg ?? Buffer.alloc(0)).subarray(0, 40), 'image/jpeg'],
    ['random bytes', Buffer.from('this is not a picture at all'), 'image/jpeg'],
    [
      'an SVG with a script',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      'image/svg+xml',
    ],
    [
      'a GIF',
      Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64'),
      'image/gif',
    ],
    ['a PNG claiming 100,000 × 100,000 pixels', bombPng, 'image/png'],
    ['an empty file', Buffer.alloc(0), 'image/jpeg'],
    ['a PNG declared as JPEG', png ?? Buffer.alloc(0), 'image/jpeg'],
    ['a file over 8 MB', Buffer.alloc(8 * 1024 * 1024 + 1), 'image/jpeg'],
  ];
  return [
    weighted(
      6,
      fc.tuple(fc.nat(), unstorableText).map(([index, text]) => inOneField(index, text)),
    ),
    weighted(
      4,
      fc.tuple(fc.nat(), hostileString).map(([index, text]) => inOneField(index, text)),
    ),
    weighted(
      3,
      hostileString.map(
        ({ kind, value }) =>
          (draft: Draft): Draft =>
            draft.body.kind === 'multipart'
              ? {
                  ...draft,
                  body: {
                    kind: 'multipart',
                    parts: draft.body.parts.map((part) =>
                      part.filename === undefined ? { ...part, value } : part,
                    ),
                  },
                  variant: `${kind} in every form field`,
                }
              : draft,
      ),
    ),
    weighted(
      2,
      fc
        .nat()
        .map(
          onParts('a form field left out', (parts, index) =>
            parts.filter((_, i) => i !== index % parts.length),
          ),
        ),
    ),
    weighted(
      2,
      fc
        .nat()
        .map(
          onParts('a form field twice', (parts, index) => [
            ...parts,
            parts[index % parts.length] as FormPart,
          ]),
        ),
    ),
    weighted(
      2,
      fc
        .tuple(
          fc.constantFrom('__proto__', 'constructor', 'rating[]', 'hasImage', ''),
          fc.constantFrom('true', '{"isAdmin":true}', ''),
        )
        .map(([name, value]) =>
          onParts(`an extra form field ${JSON.stringify(name)}`, (parts) => [...parts, { name, value }])(0),
        ),
    ),
    weighted(
      2,
      fc
        .constantFrom(...badImages)
        .map(([name, value, contentType]) =>
          onParts(`a photo that is ${name}`, (parts) => [
            ...parts.filter((part) => part.name !== 'image' && part.name !== 'consent'),
            { name: 'consent', value: 'true' },
            { name: 'image', filename: 'photo.jpg', contentType, value },
          ])(0),
        ),
    ),
    weighted(
      2,
      fc.constantFrom('../../etc/passwd', 'a\u202egpj.exe', `${'n'.repeat(300)}.jpg`, '').map((filename) =>
        onParts(`a photo named ${JSON.stringify(filename)}`, (parts) =>
          parts
            .map((part) => (part.name === 'image' ? { ...part, filename } : part))
            .concat(
              parts.some((part) => part.name === 'image')
                ? []
                : [
                    { ...(images[0] as FormPart), filename },
                    { name: 'consent', value: 'true' },
                  ],
            ),
        )(0),
      ),
    ),
  ];
}

/** Query strings a hostile client sends: repeated, mistyped, mis-encoded parameters. */
function queryMutations(operation: Operation): fc.Arbitrary<Mutation>[] {
  const names = [...operation.parameters.filter((p) => p.in === 'query').map((p) => p.name), 'page', 'q'];
  const name = fc.constantFrom(...names);
  const badValues = fc.oneof(
    fc.constantFrom(
      'abc',
      '-1',
      '0',
      '1.5',
      '1e309',
      '0x10',
      'NaN',
      'Infinity',
      '',
      '99999999999999999999',
      ' 1 ',
      'true',
      '[]',
      '{}',
    ),
    hostileString.map(({ value }) => value.slice(0, 5000)),
  );
  return [
    fc.tuple(name, badValues, badValues).map(([key, a, b]) => (draft: Draft) => ({
      ...draft,
      query: [...draft.query, [key, a], [key, b]],
      variant: `query parameter ${key} repeated`,
    })),
    fc.tuple(name, badValues).map(([key, value]) => (draft: Draft) => ({
      ...draft,
      query: [...draft.query.filter(([k]) => k !== key), [key, value]],
      variant: `query parameter ${key} = ${JSON.stringify(value.slice(0, 20))}`,
    })),
    fc
      .constantFrom(
        '__proto__[isAdmin]=true',
        'constructor[prototype][polluted]=yes',
        '__proto__=1',
        'page=%zz',
        'q=%',
        'q=%00',
        'q=%ED%A0%80',
        'q=%FF%FE',
        'q=%F0%9F',
        'page[]=1&page[]=2',
        'page[a]=1',
        'a=1&&&=&=x',
        ';;;',
        `q=${'a'.repeat(100_000)}`,
        `${'k'.repeat(2000)}=1`,
        'ids=,,,,',
        `ids=${Array.from({ length: 500 }, (_, i) => `id${i}`).join(',')}`,
      )
      .map((rawQuery) => (draft: Draft) => ({
        ...draft,
        rawQuery,
        variant: `the query string ${rawQuery.slice(0, 40)}`,
      })),
  ];
}

const PATH_VALUES: [string, string, boolean][] = [
  ['empty', '', false],
  ['NaN', 'NaN', false],
  ['-1', '-1', false],
  ['0', '0', false],
  ['the nil UUID', '00000000-0000-0000-0000-000000000000', false],
  ['an upper-case UUID', 'AAAAAAAA-BBBB-4CCC-8DDD-EEEEEEEEEEEE', false],
  ['a UUID with spaces', ' 3f2504e0-4f89-41d3-9a0c-0305e82c3301 ', false],
  ['101 characters', 'a'.repeat(101), false],
  ['5,000 characters', 'a'.repeat(5000), false],
  ['dots', '..', true],
  ['an encoded traversal', '%2e%2e%2f%2e%2e%2fetc%2fpasswd', true],
  ['an encoded NUL', 'abc%00def', true],
  ['a broken escape', '%zz', true],
  ['an encoded surrogate', '%ED%A0%80', true],
  ['a cut-off UTF-8 escape', '%F0%9F', true],
  ['null', 'null', false],
  ['a template', '{id}', false],
  ['injection text', "1' OR '1'='1", false],
  ['Devanagari', 'नमस्ते', false],
  ['__proto__', '__proto__', false],
];

function pathMutations(operation: Operation, context: DraftContext): fc.Arbitrary<Mutation>[] {
  const names = operation.parameters.filter((p) => p.in === 'path').map((p) => p.name);
  if (names.length === 0) return [];
  return [
    fc
      .tuple(fc.constantFrom(...names), fc.constantFrom(...PATH_VALUES))
      .map(([name, [kind, value, raw]]) => (draft: Draft) => ({
        ...draft,
        params: raw
          ? Object.fromEntries(
              Object.entries(draft.params).map(([key, old]) => [
                key,
                key === name ? value : percentEncode(old),
              ]),
            )
          : { ...draft.params, [name]: value },
        ...(raw ? { rawParams: true } : {}),
        variant: `path parameter ${name}: ${kind}`,
      })),
    fc.tuple(fc.constantFrom(...names), fc.nat()).map(([name, index]) => (draft: Draft) => {
      const foreign = nth(context.foreignIds(), index);
      return foreign
        ? { ...draft, params: { ...draft.params, [name]: foreign }, variant: `another user's id as ${name}` }
        : draft;
    }),
  ];
}

/** Another user's id in a body field that names something owned (an address, an order). */
function foreignBodyId(context: DraftContext): fc.Arbitrary<Mutation> {
  return fc.tuple(fc.nat(), fc.nat()).map(([which, index]) => (draft: Draft) => {
    if (draft.body.kind !== 'json') return draft;
    const targets = nodesOf(draft.body.value).filter(({ path }) =>
      /^(addressId|orderId|productId|reviewId)$/.test(String(path.at(-1))),
    );
    const target = nth(targets, which);
    const foreign = nth(context.foreignIds(), index);
    if (!target || !foreign) return draft;
    return {
      ...draft,
      body: { kind: 'json', value: setAt(draft.body.value, target.path, foreign) },
      variant: `another user's id in ${pathText(target.path)}`,
    };
  });
}

/** The door: CSRF token and session cookie as an attacker holds them. */
function doorMutations(operation: Operation, role: Role): fc.Arbitrary<Mutation>[] {
  const mutations: fc.Arbitrary<Mutation>[] = [];
  if (MUTATING.has(operation.method)) {
    mutations.push(
      fc
        .constantFrom('missing', 'forged', 'other-session' as const)
        .map((csrf) => (draft: Draft) => ({ ...draft, csrf, variant: `CSRF token ${csrf}` })),
    );
  }
  if (role !== 'guest') {
    mutations.push(
      fc
        .constantFrom('none', 'forged' as const)
        .map((session) => (draft: Draft) => ({ ...draft, session, variant: `session cookie ${session}` })),
    );
  }
  if (operation.id.includes('/webhook')) {
    mutations.push(
      fc.constantFrom('missing', 'wrong', 'repeated' as const).map((mode) => (draft: Draft) => ({
        ...draft,
        signature: draft.signature ? { ...draft.signature, mode } : undefined,
        variant: `webhook signature ${mode}`,
      })),
    );
  }
  return mutations;
}

function headerMutations(): fc.Arbitrary<Mutation> {
  return fc
    .constantFrom<[string, Record<string, string | string[]>]>(
      ['two idempotency keys', { 'idempotency-key': ['a', 'b'] }],
      ['a 10 KB idempotency key', { 'idempotency-key': 'k'.repeat(10_000) }],
      ['an empty idempotency key', { 'idempotency-key': '' }],
      ['a forwarded-for header', { 'x-forwarded-for': '127.0.0.1, 10.0.0.1' }],
      ['an odd accept header', { accept: 'application/xml;q=2, */*;q=-1' }],
      ['two cookie headers', { cookie: ['a=1', 'b=2'] }],
    )
    .map(([name, headers]) => (draft: Draft) => ({
      ...draft,
      headers: { ...draft.headers, ...headers },
      variant: name,
    }));
}

/** Every request the fuzz test may send for `operation` as `role`: one valid to four hostile. */
/**
 * The requests of one operation as one role: `valid` ones only, and `any`, which mixes one valid
 * request to four hostile variants of one.
 */
export function draftArbitrary(
  operation: Operation,
  role: Role,
  context: DraftContext,
): { valid: fc.Arbitrary<Draft>; any: fc.Arbitrary<Draft> } {
  const valid = validDraft(operation, role, context);
  const bodyKind = operation.bodies[0]?.contentType;
  const once = (arbitrary: fc.Arbitrary<Mutation>) => weighted(1, arbitrary);
  const mutations = [
    ...queryMutations(operation).map(once),
    ...pathMutations(operation, context).map(once),
    ...doorMutations(operation, role).map(once),
    once(headerMutations()),
  ];
  if (bodyKind === 'multipart/form-data') {
    mutations.push(
      // What a body holds reaches the handlers and the database, so its values are struck most often.
      ...formMutations(context.images),
      once(malformedMultipart()),
      once(wrongContentType()),
    );
  } else if (bodyKind) {
    mutations.push(
      ...jsonValueMutations(),
      ...[
        malformedJson(),
        wrongContentType(),
        formEncoded(),
        malformedMultipart(),
        foreignBodyId(context),
      ].map(once),
    );
  } else if (MUTATING.has(operation.method)) mutations.push(once(unexpectedBody()));
  const hostile = fc.tuple(valid, fc.oneof(...mutations)).map(([draft, mutate]) => mutate(draft));
  return { valid, any: fc.oneof({ weight: 1, arbitrary: valid }, { weight: 4, arbitrary: hostile }) };
}
