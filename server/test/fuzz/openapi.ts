import fc from 'fast-check';
import type { Json } from './request';

/**
 * The operations of the OpenAPI document, and valid values for their parameters and bodies generated
 * from the JSON schemas in it. Where a schema cannot say what the shop would accept (an id of an order
 * the shopper owns, a signed payment) the caller hands in a hint for that field.
 */

/** The slice of JSON Schema the document uses. */
export interface Schema {
  type?: string | string[];
  enum?: Json[];
  const?: Json;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  $ref?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  default?: Json;
}

export interface Parameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  schema: Schema;
}

export interface Operation {
  /** `METHOD /path/{param}`. */
  id: string;
  method: string;
  path: string;
  /** Any signed-in session may call it; `staffOnly` needs a staff one. */
  needsSession: boolean;
  staffOnly: boolean;
  needsCsrf: boolean;
  parameters: Parameter[];
  /** The request body in each content type it is documented with. */
  bodies: { contentType: string; schema: Schema }[];
}

interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, Schema> };
}

interface OpenApiOperation {
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: string; required?: boolean; schema: Schema }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
}

/** The operations of the document, in its order, with `$ref`s resolved. */
export function operationsOf(document: unknown): Operation[] {
  const doc = document as OpenApiDocument;
  const components = doc.components?.schemas ?? {};
  const resolve = (schema: Schema): Schema => {
    if (schema.$ref) {
      const target = components[schema.$ref.replace('#/components/schemas/', '')];
      if (!target) throw new Error(`the document names an unknown schema ${schema.$ref}`);
      return resolve(target);
    }
    return schema;
  };
  const deep = (schema: Schema): Schema => {
    const resolved = resolve(schema);
    return {
      ...resolved,
      ...(resolved.anyOf ? { anyOf: resolved.anyOf.map(deep) } : {}),
      ...(resolved.oneOf ? { oneOf: resolved.oneOf.map(deep) } : {}),
      ...(resolved.allOf ? { allOf: resolved.allOf.map(deep) } : {}),
      ...(resolved.items ? { items: deep(resolved.items) } : {}),
      ...(resolved.properties
        ? {
            properties: Object.fromEntries(
              Object.entries(resolved.properties).map(([name, property]) => [name, deep(property)]),
            ),
          }
        : {}),
    };
  };

  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const requirements = operation.security ?? [];
      const session = requirements.find((requirement) => 'session' in requirement)?.session;
      operations.push({
        id: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        needsSession: session !== undefined,
        staffOnly: session?.includes('staff') ?? false,
        needsCsrf: requirements.some((requirement) => 'csrfToken' in requirement),
        parameters: (operation.parameters ?? [])
          .filter((parameter) => parameter.in === 'path' || parameter.in === 'query')
          .map((parameter) => ({
            name: parameter.name,
            in: parameter.in as 'path' | 'query',
            required: parameter.required ?? parameter.in === 'path',
            schema: deep(parameter.schema),
          })),
        bodies: Object.entries(operation.requestBody?.content ?? {}).map(([contentType, { schema }]) => ({
          contentType,
          schema: deep(schema),
        })),
      });
    }
  }
  return operations;
}

/** A value for the field at `at` (`body.email`, `path.id`, `query.page`), or undefined to use its schema. */
export type Hints = (at: string) => fc.Arbitrary<Json> | undefined;

const INT32 = 2 ** 31 - 1;
const clampInt = (value: number) => Math.max(-INT32, Math.min(INT32, value));
/** Plain visible ASCII: valid text for any field with no hint. */
const plainText = (minLength: number, maxLength: number) =>
  fc.string({ unit: 'grapheme-ascii', minLength, maxLength: Math.max(minLength, maxLength) });

/** Values the schema accepts, preferring the hint for `at` and small sizes. */
export function arbitraryOf(schema: Schema, at: string, hints: Hints): fc.Arbitrary<Json> {
  const hinted = hints(at);
  if (hinted) return hinted;
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.const !== undefined) return fc.constant(schema.const);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) return fc.oneof(...choices.map((choice) => arbitraryOf(choice, at, hints)));
  if (Array.isArray(schema.type)) {
    return fc.oneof(...schema.type.map((type) => arbitraryOf({ ...schema, type }, at, hints)));
  }
  switch (schema.type) {
    case 'object': {
      const properties = schema.properties ?? {};
      if (Object.keys(properties).length === 0 && typeof schema.additionalProperties === 'object') {
        const values = arbitraryOf(schema.additionalProperties, `${at}.*`, hints);
        return fc.dictionary(plainText(1, 12), values, { maxKeys: 3 }) as fc.Arbitrary<Json>;
      }
      const record: Record<string, fc.Arbitrary<Json>> = {};
      for (const [name, property] of Object.entries(properties)) {
        record[name] = arbitraryOf(property, `${at}.${name}`, hints);
      }
      // A caller may have taken a property out (a form's file part is sent apart), required or not.
      const requiredKeys = (schema.required ?? []).filter((name) => name in record);
      return fc.record(record, { requiredKeys }) as fc.Arbitrary<Json>;
    }
    case 'array': {
      const minLength = schema.minItems ?? 0;
      const maxLength = Math.min(schema.maxItems ?? 3, Math.max(minLength, 3));
      return fc.array(arbitraryOf(schema.items ?? {}, `${at}[]`, hints), { minLength, maxLength });
    }
    case 'string': {
      if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern));
      const minLength = schema.minLength ?? 0;
      return plainText(minLength, Math.min(schema.maxLength ?? 24, minLength + 24));
    }
    case 'integer':
      return fc.integer({
        min: clampInt(schema.minimum ?? (schema.exclusiveMinimum ?? -INT32 - 1) + 1),
        max: clampInt(schema.maximum ?? (schema.exclusiveMaximum ?? INT32 + 1) - 1),
      });
    case 'number':
      return fc.double({
        min: schema.minimum ?? schema.exclusiveMinimum ?? -1e6,
        max: schema.maximum ?? schema.exclusiveMaximum ?? 1e6,
        minExcluded: schema.exclusiveMinimum !== undefined,
        maxExcluded: schema.exclusiveMaximum !== undefined,
        noNaN: true,
        noDefaultInfinity: true,
      });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return fc.oneof(fc.string({ maxLength: 8 }), fc.integer(), fc.boolean());
  }
}
