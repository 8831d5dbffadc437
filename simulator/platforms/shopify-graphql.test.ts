import { describe, expect, it } from "vitest";
import {
  computeQueryCost,
  GraphQLRequestError,
  parseGraphQL,
  projectSelection,
  type Schema,
  validateOperation,
} from "./shopify-graphql.ts";

const SCHEMA: Schema = {
  QueryRoot: {
    shop: { type: "Shop" },
    orders: { type: "OrderConnection", args: { first: "Int", after: "String", query: "String" } },
  },
  Shop: { name: { type: "String" } },
  OrderConnection: { edges: { type: "[OrderEdge]" }, pageInfo: { type: "PageInfo" } },
  OrderEdge: { cursor: { type: "String" }, node: { type: "Order" } },
  PageInfo: { hasNextPage: { type: "Boolean" } },
  Order: { id: { type: "ID" }, totalPriceSet: { type: "MoneyBag" } },
  MoneyBag: { shopMoney: { type: "MoneyV2" } },
  MoneyV2: { amount: { type: "Decimal" } },
};

describe("the sandbox's GraphQL", () => {
  const query = `# orders, priced
    query Orders($first: Int!, $after: String) {
      orders(first: $first, after: $after, query: "financial_status:paid") {
        edges { node { id total: totalPriceSet { shopMoney { amount } } } }
        pageInfo { hasNextPage }
      }
    }`;

  it("parses variables, arguments, aliases and nesting, and prices a connection per node", () => {
    const operation = parseGraphQL(query);
    expect(operation.name).toBe("Orders");
    expect(operation.variables.map((variable) => `${variable.name}: ${variable.type}`)).toEqual([
      "first: Int!",
      "after: String",
    ]);
    expect(validateOperation(SCHEMA, "QueryRoot", operation)).toEqual([]);
    // 2 + 10 × (order 1 + MoneyBag 1 + MoneyV2 1) + pageInfo 1
    expect(computeQueryCost(SCHEMA, "QueryRoot", operation.selections, { first: 10 })).toBe(33);
  });

  it("projects resolved data onto the selection, under aliases", () => {
    const operation = parseGraphQL(query);
    const data = {
      edges: [{ cursor: "c1", node: { id: "gid://shopify/Order/1", totalPriceSet: { shopMoney: { amount: "5.0" } } } }],
      pageInfo: { hasNextPage: false },
    };
    expect(projectSelection(SCHEMA, data, operation.selections[0]!.selections!, "OrderConnection")).toEqual({
      edges: [{ node: { id: "gid://shopify/Order/1", total: { shopMoney: { amount: "5.0" } } } }],
      pageInfo: { hasNextPage: false },
    });
  });

  it("reports unknown fields, scalar selections, missing selections and undeclared variables", () => {
    const operation = parseGraphQL("{ shop { name { x } } orders(first: $n) { pageInfo } missing }");
    const messages = validateOperation(SCHEMA, "QueryRoot", operation).map((error) => error.message);
    expect(messages).toEqual([
      "Selections can't be made on scalars (field 'name' returns String but has selections [x])",
      "Variable $n is used by query but not declared",
      "Field must have selections (field 'pageInfo' returns PageInfo but has no selections. Did you mean 'pageInfo { ... }'?)",
      "Field 'missing' doesn't exist on type 'QueryRoot'",
    ]);
  });

  it("refuses syntax errors, fragments and mutations", () => {
    expect(() => parseGraphQL("{ shop { name }")).toThrow(GraphQLRequestError);
    expect(() => parseGraphQL("{ shop { ...ShopFields } }")).toThrow(/Fragments/);
    expect(() => parseGraphQL("mutation { shop { name } }")).toThrow(/queries only/);
  });
});
