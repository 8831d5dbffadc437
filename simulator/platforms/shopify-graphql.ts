/**
 * Just enough GraphQL for the Shopify sandbox: parses one query operation (variables, aliases,
 * arguments, nested selections; no fragments or directives), validates it against a small schema,
 * prices it the way Shopify does (objects 1, connections 2 + first × node, scalars 0) and projects
 * resolved data onto the selection. Errors read like Shopify's.
 */

export type ValueNode =
  | { kind: "variable"; name: string }
  | { kind: "int" | "float" | "string" | "boolean" | "null" | "enum"; value: string }
  | { kind: "list"; values: ValueNode[] }
  | { kind: "object"; fields: Map<string, ValueNode> };

export interface FieldNode {
  alias: string | null;
  name: string;
  args: Map<string, ValueNode>;
  selections: FieldNode[] | null;
  line: number;
  column: number;
}

export interface OperationNode {
  name: string | null;
  variables: { name: string; type: string; defaultValue: ValueNode | null }[];
  selections: FieldNode[];
}

export interface GraphQLError {
  message: string;
  locations?: { line: number; column: number }[];
  path?: (string | number)[];
  extensions?: Record<string, unknown>;
}

export class GraphQLRequestError extends Error {
  readonly errors: GraphQLError[];
  constructor(errors: GraphQLError[]) {
    super(errors[0]?.message ?? "GraphQL error");
    this.errors = errors;
  }
}

// --- Lexer ---------------------------------------------------------------------------------

interface Token {
  kind: "punct" | "name" | "int" | "float" | "string" | "variable" | "eof";
  value: string;
  line: number;
  column: number;
}

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let index = 0;
  let line = 1;
  let lineStart = 0;
  const syntaxError = (message: string): never => {
    throw new GraphQLRequestError([{ message, locations: [{ line, column: index - lineStart + 1 }] }]);
  };
  while (index < source.length) {
    const character = source[index]!;
    if (character === "\n") {
      index++;
      line++;
      lineStart = index;
      continue;
    }
    if (/[\s,\r\t\uFEFF]/.test(character)) {
      index++;
      continue;
    }
    if (character === "#") {
      while (index < source.length && source[index] !== "\n") index++;
      continue;
    }
    const column = index - lineStart + 1;
    if ("{}():!$=[]@".includes(character)) {
      if (character === "$") {
        const match = /^\$([_A-Za-z][_0-9A-Za-z]*)/.exec(source.slice(index));
        if (!match) syntaxError("Expected a variable name after $");
        tokens.push({ kind: "variable", value: match![1]!, line, column });
        index += match![0].length;
        continue;
      }
      tokens.push({ kind: "punct", value: character, line, column });
      index++;
      continue;
    }
    if (source.startsWith("...", index)) syntaxError("Fragments are not supported by this sandbox");
    if (character === '"') {
      if (source.startsWith('"""', index)) syntaxError("Block strings are not supported by this sandbox");
      let end = index + 1;
      while (end < source.length && source[end] !== '"') {
        if (source[end] === "\\") end++;
        if (source[end] === "\n") syntaxError("Unterminated string");
        end++;
      }
      if (end >= source.length) syntaxError("Unterminated string");
      try {
        tokens.push({ kind: "string", value: JSON.parse(source.slice(index, end + 1)) as string, line, column });
      } catch {
        syntaxError("Bad escape in a string");
      }
      index = end + 1;
      continue;
    }
    const number = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(source.slice(index));
    if (number && /[-\d]/.test(character)) {
      tokens.push({ kind: number[2] || number[3] ? "float" : "int", value: number[0], line, column });
      index += number[0].length;
      continue;
    }
    const name = /^[_A-Za-z][_0-9A-Za-z]*/.exec(source.slice(index));
    if (name) {
      tokens.push({ kind: "name", value: name[0], line, column });
      index += name[0].length;
      continue;
    }
    syntaxError(`Unexpected character "${character}"`);
  }
  tokens.push({ kind: "eof", value: "", line, column: index - lineStart + 1 });
  return tokens;
}

// --- Parser --------------------------------------------------------------------------------

class Parser {
  private readonly tokens: Token[];
  private position = 0;

  constructor(source: string) {
    this.tokens = tokenize(source);
  }

  private peek(): Token {
    return this.tokens[this.position]!;
  }

  private next(): Token {
    const token = this.tokens[this.position]!;
    if (token.kind !== "eof") this.position++;
    return token;
  }

  private fail(token: Token, expected: string): never {
    const found = token.kind === "eof" ? "end of file" : `"${token.value}"`;
    throw new GraphQLRequestError([
      {
        message: `Parse error on ${found} (expected ${expected}) at [${token.line}, ${token.column}]`,
        locations: [{ line: token.line, column: token.column }],
      },
    ]);
  }

  private expectPunct(value: string): Token {
    const token = this.next();
    if (token.kind !== "punct" || token.value !== value) this.fail(token, `"${value}"`);
    return token;
  }

  private isPunct(value: string): boolean {
    const token = this.peek();
    return token.kind === "punct" && token.value === value;
  }

  private expectName(): Token {
    const token = this.next();
    if (token.kind !== "name") this.fail(token, "a name");
    return token;
  }

  parseDocument(operationName: string | null): OperationNode {
    const operations: OperationNode[] = [];
    while (this.peek().kind !== "eof") operations.push(this.parseOperation());
    if (operations.length === 0) this.fail(this.peek(), "an operation");
    if (operations.length === 1 && !operationName) return operations[0]!;
    const chosen = operations.find((operation) => operation.name === operationName);
    if (!chosen)
      throw new GraphQLRequestError([
        {
          message: operationName
            ? `No operation named "${operationName}"`
            : "An operation name is required when a document has several operations",
        },
      ]);
    return chosen;
  }

  private parseOperation(): OperationNode {
    if (this.isPunct("{")) return { name: null, variables: [], selections: this.parseSelectionSet() };
    const keyword = this.expectName();
    if (keyword.value === "mutation" || keyword.value === "subscription")
      throw new GraphQLRequestError([
        {
          message: `This sandbox serves queries only, not ${keyword.value}s`,
          locations: [{ line: keyword.line, column: keyword.column }],
        },
      ]);
    if (keyword.value !== "query") this.fail(keyword, '"query"');
    const name = this.peek().kind === "name" ? this.next().value : null;
    const variables: OperationNode["variables"] = [];
    if (this.isPunct("(")) {
      this.next();
      while (!this.isPunct(")")) {
        const variable = this.next();
        if (variable.kind !== "variable") this.fail(variable, "a variable");
        this.expectPunct(":");
        const type = this.parseType();
        let defaultValue: ValueNode | null = null;
        if (this.isPunct("=")) {
          this.next();
          defaultValue = this.parseValue();
        }
        variables.push({ name: variable.value, type, defaultValue });
      }
      this.next();
    }
    if (this.isPunct("@")) this.fail(this.peek(), "a selection set (directives are not supported)");
    return { name, variables, selections: this.parseSelectionSet() };
  }

  private parseType(): string {
    let type: string;
    if (this.isPunct("[")) {
      this.next();
      type = `[${this.parseType()}]`;
      this.expectPunct("]");
    } else {
      type = this.expectName().value;
    }
    if (this.isPunct("!")) {
      this.next();
      type += "!";
    }
    return type;
  }

  private parseSelectionSet(): FieldNode[] {
    this.expectPunct("{");
    const fields: FieldNode[] = [];
    while (!this.isPunct("}")) fields.push(this.parseField());
    this.next();
    if (fields.length === 0) this.fail(this.peek(), "at least one field");
    return fields;
  }

  private parseField(): FieldNode {
    const first = this.expectName();
    let alias: string | null = null;
    let name = first.value;
    if (this.isPunct(":")) {
      this.next();
      alias = first.value;
      name = this.expectName().value;
    }
    const args = new Map<string, ValueNode>();
    if (this.isPunct("(")) {
      this.next();
      while (!this.isPunct(")")) {
        const argument = this.expectName().value;
        this.expectPunct(":");
        args.set(argument, this.parseValue());
      }
      this.next();
    }
    if (this.isPunct("@")) this.fail(this.peek(), "a field (directives are not supported)");
    const selections = this.isPunct("{") ? this.parseSelectionSet() : null;
    return { alias, name, args, selections, line: first.line, column: first.column };
  }

  private parseValue(): ValueNode {
    const token = this.next();
    if (token.kind === "variable") return { kind: "variable", name: token.value };
    if (token.kind === "int" || token.kind === "float" || token.kind === "string")
      return { kind: token.kind, value: token.value };
    if (token.kind === "name") {
      if (token.value === "true" || token.value === "false") return { kind: "boolean", value: token.value };
      if (token.value === "null") return { kind: "null", value: "null" };
      return { kind: "enum", value: token.value };
    }
    if (token.kind === "punct" && token.value === "[") {
      const values: ValueNode[] = [];
      while (!this.isPunct("]")) values.push(this.parseValue());
      this.next();
      return { kind: "list", values };
    }
    if (token.kind === "punct" && token.value === "{") {
      const fields = new Map<string, ValueNode>();
      while (!this.isPunct("}")) {
        const key = this.expectName().value;
        this.expectPunct(":");
        fields.set(key, this.parseValue());
      }
      this.next();
      return { kind: "object", fields };
    }
    return this.fail(token, "a value");
  }
}

export function parseGraphQL(source: string, operationName: string | null = null): OperationNode {
  return new Parser(source).parseDocument(operationName);
}

// --- Schema, validation and cost -------------------------------------------------------------

export interface FieldDefinition {
  /** A type name; `[T]` for lists. Object types are the schema's keys; anything else is a scalar or enum. */
  type: string;
  args?: Record<string, string>;
}

export type Schema = Record<string, Record<string, FieldDefinition>>;

function baseTypeOf(type: string): string {
  return type.replace(/[[\]!]/g, "");
}

/** Resolves an argument's value with the request's variables. */
export function readValue(node: ValueNode, variables: Record<string, unknown>): unknown {
  switch (node.kind) {
    case "variable":
      return variables[node.name] ?? null;
    case "int":
      return Number.parseInt(node.value, 10);
    case "float":
      return Number(node.value);
    case "boolean":
      return node.value === "true";
    case "null":
      return null;
    case "string":
    case "enum":
      return node.value;
    case "list":
      return node.values.map((value) => readValue(value, variables));
    case "object":
      return Object.fromEntries([...node.fields].map(([key, value]) => [key, readValue(value, variables)]));
  }
}

function variablesUsedIn(node: ValueNode, into: Set<string>): void {
  if (node.kind === "variable") into.add(node.name);
  else if (node.kind === "list") for (const value of node.values) variablesUsedIn(value, into);
  else if (node.kind === "object") for (const value of node.fields.values()) variablesUsedIn(value, into);
}

/** Checks fields, arguments, selections and variables; returns Shopify-style errors (empty when valid). */
export function validateOperation(schema: Schema, root: string, operation: OperationNode): GraphQLError[] {
  const errors: GraphQLError[] = [];
  const declared = new Set(operation.variables.map((variable) => variable.name));
  const operationLabel = operation.name ? `query ${operation.name}` : "query";

  const walk = (fields: FieldNode[], typeName: string, path: string[]) => {
    const type = schema[typeName] ?? {};
    for (const field of fields) {
      const fieldPath = [...path, field.alias ?? field.name];
      const location = [{ line: field.line, column: field.column }];
      if (field.name === "__typename") continue;
      const definition = type[field.name];
      if (!definition) {
        errors.push({
          message: `Field '${field.name}' doesn't exist on type '${typeName}'`,
          locations: location,
          path: fieldPath,
          extensions: { code: "undefinedField", typeName, fieldName: field.name },
        });
        continue;
      }
      for (const [argument, value] of field.args) {
        if (!definition.args?.[argument])
          errors.push({
            message: `Field '${field.name}' doesn't accept argument '${argument}'`,
            locations: location,
            path: [...fieldPath, argument],
            extensions: { code: "argumentNotAccepted", name: field.name, typeName: "Field", argumentName: argument },
          });
        const used = new Set<string>();
        variablesUsedIn(value, used);
        for (const name of used)
          if (!declared.has(name))
            errors.push({
              message: `Variable $${name} is used by ${operationLabel} but not declared`,
              locations: location,
              path: [...fieldPath, argument],
              extensions: { code: "variableNotDefined", variableName: name },
            });
      }
      const fieldType = baseTypeOf(definition.type);
      const isObject = schema[fieldType] !== undefined;
      if (isObject && !field.selections)
        errors.push({
          message: `Field must have selections (field '${field.name}' returns ${fieldType} but has no selections. Did you mean '${field.name} { ... }'?)`,
          locations: location,
          path: fieldPath,
          extensions: { code: "selectionMismatch", nodeName: `field '${field.name}'`, typeName: fieldType },
        });
      else if (!isObject && field.selections)
        errors.push({
          message: `Selections can't be made on scalars (field '${field.name}' returns ${fieldType} but has selections [${field.selections.map((child) => child.name).join(", ")}])`,
          locations: location,
          path: fieldPath,
          extensions: { code: "selectionMismatch", nodeName: `field '${field.name}'`, typeName: fieldType },
        });
      else if (isObject && field.selections) walk(field.selections, fieldType, fieldPath);
    }
  };
  walk(operation.selections, root, [operationLabel]);
  return errors;
}

/**
 * Shopify's requested cost: an object is 1, a connection 2 plus `first` (or `last`) times the cost
 * of one node, a scalar 0.
 */
export function computeQueryCost(
  schema: Schema,
  typeName: string,
  fields: FieldNode[],
  variables: Record<string, unknown>,
): number {
  let cost = 0;
  const type = schema[typeName] ?? {};
  for (const field of fields) {
    const definition = type[field.name];
    if (!definition || !field.selections) continue;
    const fieldType = baseTypeOf(definition.type);
    if (fieldType.endsWith("Connection")) {
      const firstNode = field.args.get("first") ?? field.args.get("last");
      const size = firstNode ? Number(readValue(firstNode, variables)) || 0 : 0;
      const nodeType = fieldType.replace(/Connection$/, "");
      let nodeCost = 0;
      for (const child of field.selections) {
        if (child.name === "nodes" && child.selections)
          nodeCost = Math.max(nodeCost, 1 + computeQueryCost(schema, nodeType, child.selections, variables));
        if (child.name === "edges" && child.selections)
          for (const edgeField of child.selections)
            if (edgeField.name === "node" && edgeField.selections)
              nodeCost = Math.max(nodeCost, 1 + computeQueryCost(schema, nodeType, edgeField.selections, variables));
      }
      const pageInfo = field.selections.some((child) => child.name === "pageInfo") ? 1 : 0;
      cost += 2 + size * nodeCost + pageInfo;
    } else {
      cost += 1 + computeQueryCost(schema, fieldType, field.selections, variables);
    }
  }
  return cost;
}

/** Copies the selected fields (under their aliases) out of fully resolved data. */
export function projectSelection(schema: Schema, value: unknown, fields: FieldNode[], typeName: string): unknown {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) return value.map((item) => projectSelection(schema, item, fields, typeName));
  const source = value as Record<string, unknown>;
  const result: Record<string, unknown> = {};
  for (const field of fields) {
    const key = field.alias ?? field.name;
    if (field.name === "__typename") {
      result[key] = typeName;
      continue;
    }
    const child = source[field.name];
    const definition = schema[typeName]?.[field.name];
    result[key] =
      field.selections && definition
        ? projectSelection(schema, child, field.selections, baseTypeOf(definition.type))
        : (child ?? null);
  }
  return result;
}
