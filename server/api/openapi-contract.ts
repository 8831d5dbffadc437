/**
 * Checks an API answer against the OpenAPI document the API publishes (not against our zod
 * schemas), so the contract tests catch a document that drifts from the answers. A small JSON
 * Schema subset: $ref, type (with null), properties, required, additionalProperties, items, enum,
 * anyOf/oneOf/allOf, pattern, formats date and date-time, and numeric and length bounds.
 */
import type { OpenApiDocument } from "./openapi-document.ts";

type JsonSchema = Record<string, unknown>;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z$/;

function resolve(document: OpenApiDocument, schema: JsonSchema): JsonSchema {
  const ref = schema.$ref;
  if (typeof ref !== "string") return schema;
  const name = ref.replace("#/components/schemas/", "");
  const target = document.components?.schemas?.[name];
  if (!target) throw new Error(`Unresolved ${ref}`);
  return resolve(document, target as JsonSchema);
}

function typeOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return typeof value;
}

export function validateValue(document: OpenApiDocument, rawSchema: JsonSchema, value: unknown, at = "$"): string[] {
  const schema = resolve(document, rawSchema);
  const errors: string[] = [];
  for (const key of ["anyOf", "oneOf"] as const) {
    const options = schema[key] as JsonSchema[] | undefined;
    if (options && !options.some((option) => validateValue(document, option, value, at).length === 0))
      errors.push(`${at}: matches none of ${key}`);
  }
  for (const part of (schema.allOf as JsonSchema[] | undefined) ?? [])
    errors.push(...validateValue(document, part, value, at));
  if (schema.type !== undefined) {
    const allowed = (Array.isArray(schema.type) ? schema.type : [schema.type]) as string[];
    const actual = typeOf(value);
    const isAllowed = allowed.includes(actual) || (actual === "integer" && allowed.includes("number"));
    if (!isAllowed) return [...errors, `${at}: expected ${allowed.join("|")}, got ${actual}`];
  }
  if (schema.enum && !(schema.enum as unknown[]).includes(value))
    errors.push(`${at}: ${JSON.stringify(value)} is not one of ${JSON.stringify(schema.enum)}`);
  if (typeof value === "string") {
    if (typeof schema.pattern === "string" && !new RegExp(schema.pattern).test(value))
      errors.push(`${at}: "${value}" does not match ${schema.pattern}`);
    if (schema.format === "date" && !DATE.test(value)) errors.push(`${at}: "${value}" is not a date`);
    if (schema.format === "date-time" && !DATE_TIME.test(value)) errors.push(`${at}: "${value}" is not a date-time`);
    if (typeof schema.minLength === "number" && value.length < schema.minLength) errors.push(`${at}: too short`);
    if (typeof schema.maxLength === "number" && value.length > schema.maxLength) errors.push(`${at}: too long`);
  }
  if (typeof value === "number") {
    if (typeof schema.minimum === "number" && value < schema.minimum) errors.push(`${at}: below ${schema.minimum}`);
    if (typeof schema.maximum === "number" && value > schema.maximum) errors.push(`${at}: above ${schema.maximum}`);
    if (typeof schema.exclusiveMinimum === "number" && value <= schema.exclusiveMinimum)
      errors.push(`${at}: not above ${schema.exclusiveMinimum}`);
  }
  if (Array.isArray(value) && schema.items)
    value.forEach((item, index) => {
      errors.push(...validateValue(document, schema.items as JsonSchema, item, `${at}[${index}]`));
    });
  if (value !== null && typeof value === "object" && !Array.isArray(value)) {
    const record = value as Record<string, unknown>;
    const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
    for (const name of (schema.required as string[] | undefined) ?? [])
      if (!(name in record)) errors.push(`${at}.${name}: required`);
    for (const [name, item] of Object.entries(record)) {
      const property = properties[name];
      if (property) errors.push(...validateValue(document, property, item, `${at}.${name}`));
      else if (schema.additionalProperties === false) errors.push(`${at}.${name}: not in the schema`);
    }
  }
  return errors;
}

interface Operation {
  responses: Record<
    string,
    {
      headers?: Record<string, { required?: boolean }>;
      content?: Record<string, { schema: JsonSchema; example?: unknown }>;
    }
  >;
  requestBody?: { content: Record<string, { schema: JsonSchema; example?: unknown }> };
}

/** The documented operation for a concrete method and path (e.g. GET /api/v1/campaigns/abc/metrics). */
export function findOperation(document: OpenApiDocument, method: string, path: string): Operation {
  for (const [template, item] of Object.entries(document.paths ?? {})) {
    const pattern = new RegExp(`^${template.replace(/\{[^}]+\}/g, "[^/]+")}$`);
    const operation = (item as Record<string, Operation>)[method.toLowerCase()];
    if (pattern.test(path) && operation) return operation;
  }
  throw new Error(`The document has no ${method} ${path}`);
}

/** Every way `response` differs from what the document promises for `method path`; empty when it conforms. */
export async function contractViolations(
  document: OpenApiDocument,
  method: string,
  path: string,
  response: Response,
): Promise<string[]> {
  const operation = findOperation(document, method, path);
  const documented = operation.responses[String(response.status)];
  if (!documented) return [`${method} ${path}: status ${response.status} is not documented`];
  const errors: string[] = [];
  for (const [name, header] of Object.entries(documented.headers ?? {}))
    if (header.required && !response.headers.has(name)) errors.push(`header ${name}: missing`);
  const schema = documented.content?.["application/json"]?.schema;
  if (!schema) return errors;
  if (!response.headers.get("content-type")?.startsWith("application/json")) errors.push("content-type: not JSON");
  errors.push(...validateValue(document, schema, await response.clone().json()));
  return errors;
}
