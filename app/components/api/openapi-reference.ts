/**
 * Turns an OpenAPI 3.1 document into what the API reference page shows: each operation with its
 * parameters, request body and responses as field trees, and examples. Pure, so the loader builds
 * it from the live document on each request and the page never lists endpoints by hand.
 */

type JsonObject = Record<string, unknown>;

export type ReferenceMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** One field of a schema, as a row of the reference: name, type, constraints and nested fields. */
export interface SchemaField {
  name: string;
  isRequired: boolean;
  /** "string", "integer", "array of Campaign", "Money | null"… */
  type: string;
  description: string | null;
  /** Human facts about allowed values: "One of: active, paused", "1 to 100", "Format: date". */
  constraints: string[];
  children: SchemaField[];
}

export interface ReferenceParameter {
  name: string;
  location: "path" | "query" | "header";
  isRequired: boolean;
  type: string;
  description: string | null;
  constraints: string[];
  /** A value to prefill in the console, as text. */
  example: string;
}

export interface ReferenceResponse {
  status: string;
  description: string;
  /** The body's top-level type ("object", "Error"…), null when the answer has no body. */
  bodyType: string | null;
  fields: SchemaField[];
  example: unknown;
  headers: Array<{ name: string; description: string | null }>;
}

export interface ReferenceOperation {
  /** A stable slug for anchors: the operationId, else method and path. */
  id: string;
  method: ReferenceMethod;
  path: string;
  summary: string;
  description: string | null;
  tag: string;
  isAuthenticated: boolean;
  parameters: ReferenceParameter[];
  requestBody: { isRequired: boolean; type: string; fields: SchemaField[]; example: unknown } | null;
  responses: ReferenceResponse[];
}

export interface ApiReference {
  title: string;
  version: string;
  description: string | null;
  /** The server URL the document names (relative or absolute), "" when none. */
  serverUrl: string;
  operations: ReferenceOperation[];
  /** Every status any operation may answer, with the first description met, sorted. */
  statuses: Array<{ status: string; description: string }>;
}

const METHODS = ["get", "post", "put", "patch", "delete"] as const;
// Deep enough for envelope → data → campaign → money; guards against recursive schemas.
const MAX_DEPTH = 6;
const MAX_PATTERN_LENGTH = 32;

export function buildApiReference(document: unknown): ApiReference {
  const doc = asObject(document);
  const info = asObject(doc.info);
  const resolver = createResolver(doc);
  const hasGlobalSecurity = asArray(doc.security).length > 0;
  const operations: ReferenceOperation[] = [];
  for (const [path, pathItemValue] of Object.entries(asObject(doc.paths))) {
    const pathItem = asObject(resolver.resolve(pathItemValue));
    const sharedParameters = asArray(pathItem.parameters);
    for (const method of METHODS) {
      if (!(method in pathItem)) continue;
      const operation = asObject(pathItem[method]);
      const security = operation.security === undefined ? hasGlobalSecurity : asArray(operation.security).length > 0;
      operations.push({
        id: slugOf(typeof operation.operationId === "string" ? operation.operationId : `${method}-${path}`),
        method: method.toUpperCase() as ReferenceMethod,
        path,
        summary: textOf(operation.summary) ?? `${method.toUpperCase()} ${path}`,
        description: textOf(operation.description),
        tag: textOf(asArray(operation.tags)[0]) ?? "API",
        isAuthenticated: security,
        parameters: [...sharedParameters, ...asArray(operation.parameters)].map((parameter) =>
          toParameter(asObject(resolver.resolve(parameter)), resolver),
        ),
        requestBody: toRequestBody(operation.requestBody, resolver),
        responses: Object.entries(asObject(operation.responses)).map(([status, response]) =>
          toResponse(status, asObject(resolver.resolve(response)), resolver),
        ),
      });
    }
  }
  const statuses = new Map<string, string>();
  for (const response of operations.flatMap((operation) => operation.responses))
    if (!statuses.has(response.status)) statuses.set(response.status, response.description);
  const servers = asArray(doc.servers);
  return {
    title: textOf(info.title) ?? "API",
    version: textOf(info.version) ?? "",
    description: textOf(info.description),
    serverUrl: textOf(asObject(servers[0]).url) ?? "",
    operations,
    statuses: [...statuses]
      .map(([status, description]) => ({ status, description }))
      .sort((a, b) => a.status.localeCompare(b.status)),
  };
}

/** The path with its placeholders filled and the query string from the given values. */
export function buildRequestPath(
  operation: Pick<ReferenceOperation, "path" | "parameters">,
  values: Record<string, string>,
): string {
  let path = operation.path;
  const query = new URLSearchParams();
  for (const parameter of operation.parameters) {
    const value = values[parameter.name]?.trim() ?? "";
    if (parameter.location === "path") path = path.replace(`{${parameter.name}}`, encodeURIComponent(value));
    else if (parameter.location === "query" && value !== "") query.set(parameter.name, value);
  }
  const search = query.toString().replaceAll("%2C", ",");
  return search ? `${path}?${search}` : path;
}

interface Resolver {
  resolve(value: unknown): unknown;
}

function createResolver(doc: JsonObject): Resolver {
  return {
    resolve(value) {
      let current = value;
      // A $ref may point at another $ref; follow a few hops at most.
      for (let hop = 0; hop < 8; hop++) {
        const ref = asObject(current).$ref;
        if (typeof ref !== "string" || !ref.startsWith("#/")) return current;
        current = ref
          .slice(2)
          .split("/")
          .map((part) => part.replaceAll("~1", "/").replaceAll("~0", "~"))
          .reduce<unknown>((node, part) => asObject(node)[part], doc);
      }
      return current;
    },
  };
}

function toParameter(parameter: JsonObject, resolver: Resolver): ReferenceParameter {
  const schema = asObject(resolver.resolve(parameter.schema));
  const example = parameter.example ?? schema.example ?? schema.default ?? firstEnum(schema);
  return {
    name: textOf(parameter.name) ?? "",
    location: parameter.in === "path" || parameter.in === "header" ? parameter.in : "query",
    isRequired: parameter.required === true,
    type: typeName(parameter.schema, resolver),
    description: textOf(parameter.description) ?? textOf(schema.description),
    constraints: constraintsOf(schema),
    example: example === undefined || example === null ? "" : String(example),
  };
}

function toRequestBody(value: unknown, resolver: Resolver): ReferenceOperation["requestBody"] {
  if (value === undefined) return null;
  const body = asObject(resolver.resolve(value));
  const media = jsonMedia(body.content);
  if (!media) return null;
  return {
    isRequired: body.required === true,
    type: typeName(media.schema, resolver),
    fields: fieldsOf(media.schema, resolver, 0),
    example: exampleOfMedia(media, resolver),
  };
}

function toResponse(status: string, response: JsonObject, resolver: Resolver): ReferenceResponse {
  const media = jsonMedia(response.content);
  return {
    status,
    description: textOf(response.description) ?? "",
    bodyType: media ? typeName(media.schema, resolver) : null,
    fields: media ? fieldsOf(media.schema, resolver, 0) : [],
    example: media ? exampleOfMedia(media, resolver) : null,
    headers: Object.entries(asObject(response.headers)).map(([name, header]) => ({
      name,
      description: textOf(asObject(resolver.resolve(header)).description),
    })),
  };
}

function jsonMedia(content: unknown): JsonObject | null {
  const entries = Object.entries(asObject(content));
  const json = entries.find(([type]) => type.includes("json")) ?? entries[0];
  return json ? asObject(json[1]) : null;
}

function exampleOfMedia(media: JsonObject, resolver: Resolver): unknown {
  if (media.example !== undefined) return media.example;
  const named = Object.values(asObject(media.examples))[0];
  if (named !== undefined) return asObject(resolver.resolve(named)).value;
  return exampleOf(media.schema, resolver, 0);
}

/** An example value for a schema: its own example, a default, the first enum value, or a typed placeholder. */
function exampleOf(schemaValue: unknown, resolver: Resolver, depth: number): unknown {
  const schema = asObject(resolver.resolve(schemaValue));
  if (schema.example !== undefined) return schema.example;
  const examples = asArray(schema.examples);
  if (examples.length > 0) return examples[0];
  if (schema.default !== undefined) return schema.default;
  if (schema.const !== undefined) return schema.const;
  const enumValue = firstEnum(schema);
  if (enumValue !== undefined) return enumValue;
  if (depth > MAX_DEPTH) return null;
  const variant = asArray(schema.anyOf ?? schema.oneOf).find((option) => !isNullSchema(option, resolver));
  if (variant !== undefined) return exampleOf(variant, resolver, depth + 1);
  const allOf = asArray(schema.allOf);
  if (allOf.length > 0)
    return Object.assign({}, ...allOf.map((part) => asObject(exampleOf(part, resolver, depth + 1))));
  switch (primaryType(schema)) {
    case "object":
      return Object.fromEntries(
        Object.entries(asObject(schema.properties)).map(([name, property]) => [
          name,
          exampleOf(property, resolver, depth + 1),
        ]),
      );
    case "array":
      return schema.items === undefined ? [] : [exampleOf(schema.items, resolver, depth + 1)];
    case "integer":
    case "number":
      return typeof schema.minimum === "number" ? schema.minimum : 0;
    case "boolean":
      return true;
    case "null":
      return null;
    default:
      return schema.format === "date"
        ? "2025-05-01"
        : schema.format === "date-time"
          ? "2025-05-01T00:00:00Z"
          : "string";
  }
}

function fieldsOf(schemaValue: unknown, resolver: Resolver, depth: number): SchemaField[] {
  if (depth > MAX_DEPTH) return [];
  const schema = asObject(resolver.resolve(schemaValue));
  const variants = asArray(schema.anyOf ?? schema.oneOf).filter((option) => !isNullSchema(option, resolver));
  if (variants.length === 1) return fieldsOf(variants[0], resolver, depth);
  const allOf = asArray(schema.allOf);
  if (allOf.length > 0) return allOf.flatMap((part) => fieldsOf(part, resolver, depth));
  if (primaryType(schema) === "array") return fieldsOf(schema.items, resolver, depth);
  const required = new Set(asArray(schema.required).filter((name): name is string => typeof name === "string"));
  return Object.entries(asObject(schema.properties)).map(([name, propertyValue]) => {
    const property = asObject(resolver.resolve(propertyValue));
    return {
      name,
      isRequired: required.has(name),
      type: typeName(propertyValue, resolver),
      description: textOf(asObject(propertyValue).description) ?? textOf(property.description),
      constraints: constraintsOf(property),
      children: fieldsOf(propertyValue, resolver, depth + 1),
    };
  });
}

/** A short type name: a referenced schema by its name, arrays as "array of …", nullable as "… | null". */
function typeName(schemaValue: unknown, resolver: Resolver, depth = 0): string {
  const raw = asObject(schemaValue);
  const ref = raw.$ref;
  const schema = asObject(resolver.resolve(schemaValue));
  const isNullable = schemaTypes(schema).includes("null") || schema.nullable === true;
  const nullable = (name: string) => (isNullable ? `${name} | null` : name);
  if (typeof ref === "string") return nullable(ref.slice(ref.lastIndexOf("/") + 1));
  if (depth > MAX_DEPTH) return "object";
  const variants = asArray(schema.anyOf ?? schema.oneOf);
  if (variants.length > 0) {
    const names = variants.map((option) =>
      isNullSchema(option, resolver) ? "null" : typeName(option, resolver, depth + 1),
    );
    return [...new Set(names)].join(" | ");
  }
  const type = primaryType(schema);
  if (type === "array") return nullable(`array of ${typeName(schema.items, resolver, depth + 1)}`);
  return nullable(type);
}

function constraintsOf(schema: JsonObject): string[] {
  const facts: string[] = [];
  const values = asArray(schema.enum).filter((value) => value !== null);
  if (values.length > 0) facts.push(`One of: ${values.map(String).join(", ")}`);
  if (typeof schema.format === "string") facts.push(`Format: ${schema.format}`);
  const range = rangeText(schema.minimum, schema.maximum);
  if (range) facts.push(range);
  if (schema.minLength === 1 && typeof schema.maxLength !== "number") facts.push("Not empty");
  else {
    const length = rangeText(schema.minLength, schema.maxLength);
    if (length) facts.push(`${length} characters`);
  }
  const items = rangeText(schema.minItems, schema.maxItems);
  if (items) facts.push(`${items} items`);
  // A long pattern (a comma list's, say) says less than the description next to it.
  if (typeof schema.pattern === "string" && schema.pattern.length <= MAX_PATTERN_LENGTH)
    facts.push(`Pattern: ${schema.pattern}`);
  if (schema.default !== undefined) facts.push(`Default: ${JSON.stringify(schema.default)}`);
  return facts;
}

function rangeText(min: unknown, max: unknown): string | null {
  const hasMin = typeof min === "number";
  const hasMax = typeof max === "number";
  if (hasMin && hasMax) return min === max ? `Exactly ${min}` : `${min} to ${max}`;
  if (hasMin) return `At least ${min}`;
  if (hasMax) return `At most ${max}`;
  return null;
}

function schemaTypes(schema: JsonObject): string[] {
  if (Array.isArray(schema.type)) return schema.type.filter((type): type is string => typeof type === "string");
  return typeof schema.type === "string" ? [schema.type] : [];
}

function primaryType(schema: JsonObject): string {
  const type = schemaTypes(schema).find((candidate) => candidate !== "null");
  if (type) return type;
  if (schema.properties) return "object";
  if (schema.items) return "array";
  return schemaTypes(schema)[0] ?? "any";
}

function isNullSchema(value: unknown, resolver: Resolver): boolean {
  const types = schemaTypes(asObject(resolver.resolve(value)));
  return types.length === 1 && types[0] === "null";
}

function firstEnum(schema: JsonObject): unknown {
  return asArray(schema.enum).find((value) => value !== null);
}

function slugOf(text: string): string {
  return text
    .replaceAll(/([a-z0-9])([A-Z])/g, "$1-$2")
    .toLowerCase()
    .replaceAll(/[^a-z0-9]+/g, "-")
    .replaceAll(/^-|-$/g, "");
}

function textOf(value: unknown): string | null {
  return typeof value === "string" && value.trim() !== "" ? value : null;
}

function asObject(value: unknown): JsonObject {
  return value && typeof value === "object" && !Array.isArray(value) ? (value as JsonObject) : {};
}

function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}
