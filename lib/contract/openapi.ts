import { z } from "zod";
import { XSRF_HEADER } from "@/lib/shared/web/csrf";
import { API_TITLE, conventionsMarkdown } from "./conventions";
import { isTextParam, OPERATIONS, RESOURCES, type Operation } from "./operations";
import { errorSchema } from "./common/schemas";
import { menuItemSchema } from "./menu/schemas";
import { incomingOrderSchema, orderLineSchema, orderSchema } from "./orders/schemas";
import { restaurantSchema } from "./restaurants/schemas";
import { reviewSchema } from "./reviews/schemas";
import { userSchema } from "./accounts/schemas";
import { walletTransactionSchema } from "./wallet/schemas";

/** Answers that are bytes, not text (OpenAPI 3.1: a string of format binary): the PDFs. */
const BINARY = new Set(["application/pdf"]);

// The OpenAPI 3.1 document, generated from the operation registry with zod's JSON Schema
// output (JSON Schema 2020-12, OpenAPI 3.1's dialect). Shapes used in several places are
// components referenced by name.

type JsonSchema = Record<string, unknown>;
export type OpenApiDocument = {
  openapi: "3.1.0";
  info: { title: string; version: string; description: string };
  tags: { name: string; description: string }[];
  paths: Record<string, Record<string, JsonSchema>>;
  components: { schemas: Record<string, JsonSchema>; parameters: Record<string, JsonSchema>; securitySchemes: Record<string, JsonSchema> };
};

/** Named shapes: `#/components/schemas/<name>` wherever they appear. */
const COMPONENTS = new Map<z.ZodType, string>([
  [userSchema, "User"],
  [restaurantSchema, "Restaurant"],
  [menuItemSchema, "MenuItem"],
  [orderLineSchema, "OrderLine"],
  [orderSchema, "Order"],
  [incomingOrderSchema, "IncomingOrder"],
  [reviewSchema, "Review"],
  [walletTransactionSchema, "WalletTransaction"],
  [errorSchema, "Error"],
]);

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** A zod schema as JSON Schema; named shapes below the root become references. */
export function toJsonSchema(schema: z.ZodType, io: "input" | "output" = "output"): JsonSchema {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, {
    io,
    unrepresentable: "any",
    override: ({ zodSchema, jsonSchema }) => {
      const name = COMPONENTS.get(zodSchema as unknown as z.ZodType);
      if (!name || zodSchema === (schema as unknown)) return;
      for (const key of Object.keys(jsonSchema)) delete (jsonSchema as JsonSchema)[key];
      Object.assign(jsonSchema, ref(name));
    },
  }) as JsonSchema;
  return json;
}

const responseSchema = (schema: z.ZodType) => (COMPONENTS.has(schema) ? ref(COMPONENTS.get(schema)!) : toJsonSchema(schema));

function queryParameters(query: z.ZodType): JsonSchema[] {
  const json = toJsonSchema(query, "input") as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, schema]) => ({
    name,
    in: "query",
    required: json.required?.includes(name) ?? false,
    schema,
  }));
}

function operationObject(operation: Operation): JsonSchema {
  const mutating = operation.method !== "GET";
  const parameters: JsonSchema[] = [...operation.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
    name,
    in: "path",
    required: true,
    // Every path parameter is a row id, except the text ones (a group order's token, its capability, base64url; a provider; an intent id).
    schema: isTextParam(name) ? { type: "string", pattern: "^[A-Za-z0-9_-]+$" } : { type: "integer", minimum: 1, maximum: 2_147_483_647 },
  }));
  if (operation.query) parameters.push(...queryParameters(operation.query));
  if (mutating) parameters.push({ $ref: "#/components/parameters/XsrfToken" });
  if (operation.idempotent) parameters.push({ $ref: "#/components/parameters/IdempotencyKey" });

  const responses: Record<string, JsonSchema> = {};
  for (const [status, { description, schema, contentType }] of Object.entries(operation.responses)) {
    // 204: no body (a group order's poll while nothing changed).
    responses[status] =
      status === "204"
        ? { description }
        : contentType
          ? { description, content: { [contentType]: { schema: BINARY.has(contentType) ? { type: "string", format: "binary" } : { type: "string" } } } }
          : { description, content: { "application/json": { schema: schema ? responseSchema(schema) : ref("Error") } } };
  }
  const body = operation.body
    ? { required: true, content: { "application/json": { schema: toJsonSchema(operation.body, "input") } } }
    : operation.multipart
      ? {
          required: true,
          content: {
            "multipart/form-data": {
              schema: {
                type: "object",
                properties: {
                  [operation.multipart.field]: { type: "string", contentMediaType: "application/octet-stream", description: operation.multipart.description },
                },
                required: [operation.multipart.field],
              },
            },
          },
        }
      : undefined;
  return {
    operationId: operationId(operation),
    tags: [operation.resource],
    summary: operation.summary,
    description: `Who may call: ${operation.access.who[0]!.toLowerCase()}${operation.access.who.slice(1)}${operation.keys ? `; or the restaurant's API key with the scope ${operation.keys.join(" or ")}` : ""}${operation.kitchenDevice ? "; or a kitchen tablet paired to the restaurant" : ""}.`,
    ...(parameters.length ? { parameters } : {}),
    ...(body ? { requestBody: body } : {}),
    responses,
    ...(operation.access.signedIn ? { security: [{ session: [] }, ...(operation.keys ? [{ apiKey: [...operation.keys] }] : [])] } : {}),
  };
}

/** "PUT /api/orders/{id}/submit" -> "putOrdersIdSubmit". */
export function operationId(operation: Pick<Operation, "method" | "path">): string {
  const words = operation.path
    .replace(/^\/api\//, "")
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return operation.method.toLowerCase() + words.map((word) => word[0]!.toUpperCase() + word.slice(1)).join("");
}

export function buildOpenApiDocument(): OpenApiDocument {
  const paths: OpenApiDocument["paths"] = {};
  for (const operation of OPERATIONS) {
    (paths[operation.path] ??= {})[operation.method.toLowerCase()] = operationObject(operation);
  }
  const schemas: Record<string, JsonSchema> = {};
  for (const [schema, name] of COMPONENTS) schemas[name] = toJsonSchema(schema);
  return {
    openapi: "3.1.0",
    info: { title: API_TITLE, version: "1.0.0", description: conventionsMarkdown() },
    tags: Object.entries(RESOURCES).map(([name, description]) => ({ name, description })),
    paths,
    components: {
      schemas,
      parameters: {
        XsrfToken: { name: XSRF_HEADER, in: "header", required: true, description: "The XSRF-TOKEN cookie's value (double submit)", schema: { type: "string" } },
        IdempotencyKey: {
          name: "Idempotency-Key",
          in: "header",
          required: false,
          description: "1-255 visible ASCII characters; a retry with the same key answers like the first call",
          schema: { type: "string", pattern: "^[\\x21-\\x7e]{1,255}$" },
        },
      },
      securitySchemes: {
        session: {
          type: "apiKey",
          in: "cookie",
          name: "nosh_session",
          description: "The session cookie set by signup, login and guest (`__Host-nosh_session` over HTTPS)",
        },
        apiKey: {
          type: "http",
          scheme: "bearer",
          description:
            "A restaurant's API key (`Authorization: Bearer nosh_live_...`), made on its API keys page; the operations that take one list the scopes that admit it. No XSRF-Token header is needed with a key",
        },
      },
    },
  };
}

let cached: OpenApiDocument | undefined;

/** The document, built once per process. */
export function openApiDocument(): OpenApiDocument {
  return (cached ??= buildOpenApiDocument());
}
