import { describe, expect, it } from "vitest";
import { buildApiReference, buildRequestPath } from "./openapi-reference.ts";

/** A small document with what generators emit: refs, nullable types, unions, shared parameters. */
const DOCUMENT = {
  openapi: "3.1.0",
  info: { title: "Test API", version: "2.0.0", description: "Reads things.\n\n**More** below." },
  servers: [{ url: "https://api.example" }],
  security: [{ bearerAuth: [] }],
  components: {
    schemas: {
      Money: {
        type: "object",
        properties: {
          amount_minor: { type: "integer", example: 500 },
          currency: { type: "string", minLength: 3, maxLength: 3 },
        },
        required: ["amount_minor", "currency"],
      },
      Thing: {
        type: "object",
        properties: {
          id: { type: "string", description: "The `id`." },
          state: { type: "string", enum: ["on", "off"] },
          price: { anyOf: [{ $ref: "#/components/schemas/Money" }, { type: "null" }] },
          tags: { type: "array", items: { type: "string" } },
          note: { type: ["string", "null"], pattern: "^[a-z]+$" },
        },
        required: ["id", "state"],
      },
    },
    parameters: { ThingId: { name: "id", in: "path", required: true, schema: { type: "string", example: "t_1" } } },
  },
  paths: {
    "/things/{id}": {
      parameters: [{ $ref: "#/components/parameters/ThingId" }],
      get: {
        operationId: "getThing",
        tags: ["Things"],
        summary: "Get a thing",
        parameters: [{ name: "fields", in: "query", schema: { type: "string", enum: ["all", "some"] } }],
        responses: {
          "200": {
            description: "The thing.",
            content: {
              "application/json": {
                schema: { type: "object", properties: { data: { $ref: "#/components/schemas/Thing" } } },
              },
            },
          },
          "404": { description: "No such thing." },
        },
      },
      put: {
        summary: "Change a thing",
        security: [],
        requestBody: {
          required: true,
          content: { "application/json": { schema: { $ref: "#/components/schemas/Thing" } } },
        },
        responses: { "200": { description: "Changed." } },
      },
    },
  },
};

describe("buildApiReference", () => {
  const reference = buildApiReference(DOCUMENT);

  it("reads the document's title, version, server and every operation with its tag", () => {
    expect(reference).toMatchObject({ title: "Test API", version: "2.0.0", serverUrl: "https://api.example" });
    expect(reference.operations.map((operation) => [operation.id, operation.method, operation.tag])).toEqual([
      ["get-thing", "GET", "Things"],
      ["put-things-id", "PUT", "API"],
    ]);
    expect(reference.operations.map((operation) => operation.isAuthenticated)).toEqual([true, false]);
    expect(reference.statuses).toEqual([
      { status: "200", description: "The thing." },
      { status: "404", description: "No such thing." },
    ]);
  });

  it("resolves shared and referenced parameters, with an example to prefill", () => {
    const [get] = reference.operations;
    expect(get?.parameters).toEqual([
      {
        name: "id",
        location: "path",
        isRequired: true,
        type: "string",
        description: null,
        constraints: [],
        example: "t_1",
      },
      {
        name: "fields",
        location: "query",
        isRequired: false,
        type: "string",
        description: null,
        constraints: ["One of: all, some"],
        example: "all",
      },
    ]);
  });

  it("turns schemas into field trees: refs by name, nullable unions, arrays and constraints", () => {
    const put = reference.operations[1];
    expect(put?.requestBody?.type).toBe("Thing");
    const fields = put?.requestBody?.fields ?? [];
    expect(fields.map((field) => [field.name, field.type, field.isRequired])).toEqual([
      ["id", "string", true],
      ["state", "string", true],
      ["price", "Money | null", false],
      ["tags", "array of string", false],
      ["note", "string | null", false],
    ]);
    expect(fields[0]?.description).toBe("The `id`.");
    expect(fields[2]?.children.map((field) => [field.name, field.constraints])).toEqual([
      ["amount_minor", []],
      ["currency", ["Exactly 3 characters"]],
    ]);
    expect(fields[4]?.constraints).toEqual(["Pattern: ^[a-z]+$"]);
  });

  it("makes examples from the schema when the document gives none", () => {
    expect(reference.operations[1]?.requestBody?.example).toEqual({
      id: "string",
      state: "on",
      price: { amount_minor: 500, currency: "string" },
      tags: ["string"],
      note: "string",
    });
    const notFound = reference.operations[0]?.responses.find((response) => response.status === "404");
    expect(notFound).toMatchObject({ bodyType: null, fields: [], example: null });
  });
});

describe("buildRequestPath", () => {
  const operation = {
    path: "/things/{id}/metrics",
    parameters: [
      { name: "id", location: "path" as const },
      { name: "status", location: "query" as const },
      { name: "limit", location: "query" as const },
      { name: "Idempotency-Key", location: "header" as const },
    ].map((parameter) => ({
      ...parameter,
      isRequired: false,
      type: "string",
      description: null,
      constraints: [],
      example: "",
    })),
  };

  it("fills path placeholders (encoded) and adds the filled query parameters, commas kept", () => {
    expect(
      buildRequestPath(operation, { id: "a/b", status: "active,paused", limit: " ", "Idempotency-Key": "k" }),
    ).toBe("/things/a%2Fb/metrics?status=active,paused");
    expect(buildRequestPath(operation, { id: "t_1" })).toBe("/things/t_1/metrics");
  });
});
