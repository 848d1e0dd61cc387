import type { APIResponse } from "@playwright/test";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { buildOpenApiDocument } from "@/lib/contract/openapi";

// Every API answer a test gets is checked against the OpenAPI document (/api/openapi.json,
// built from lib/contract/<resource>/): the operation for the method and path must exist, the
// status must be one it documents, and a JSON body must match that status's schema (JSON Schema
// 2020-12 through Ajv). A mismatch throws with the operation, the status and what differs, so
// the document cannot drift from what the server answers (e2e/README.md, "The contract check").

const document = buildOpenApiDocument();
const DOCUMENT_ID = "nosh-openapi.json";

// The document is one schema resource so that "#/components/schemas/..." resolves; its
// OpenAPI-only keywords (openapi, info, paths...) are not JSON Schema, hence strict: false.
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addSchema(document, DOCUMENT_ID);

type Candidate = { template: string; pattern: RegExp; params: number };
const candidates: Candidate[] = Object.keys(document.paths)
  .map((template) => ({
    template,
    pattern: new RegExp(`^${template.replace(/[.]/g, "\\.").replace(/\{\w+\}/g, "[^/]+")}$`),
    params: (template.match(/\{/g) ?? []).length,
  }))
  // A literal segment wins over a parameter: /api/restaurants/current before /api/restaurants/{id}.
  .sort((a, b) => a.params - b.params);

/** The document's path template for a URL path, e.g. /api/orders/12 -> /api/orders/{id}. */
export function pathTemplate(pathname: string): string | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return candidates.find((candidate) => candidate.pattern.test(path))?.template;
}

const pointer = (...parts: string[]) => parts.map((part) => part.replace(/~/g, "~0").replace(/\//g, "~1")).join("/");
const validators = new Map<string, ValidateFunction>();

function validatorFor(template: string, method: string, status: string): ValidateFunction {
  const key = `${method} ${template} ${status}`;
  let validate = validators.get(key);
  if (!validate) {
    validate = ajv.compile({ $ref: `${DOCUMENT_ID}#/${pointer("paths", template, method, "responses", status, "content", "application/json", "schema")}` });
    validators.set(key, validate);
  }
  return validate;
}

const errorValidator = () => ajv.compile({ $ref: `${DOCUMENT_ID}#/components/schemas/Error` });

type ResponsesObject = Record<string, { content?: Record<string, unknown> }>;

/**
 * Checks one API answer against the document; throws a readable error on a mismatch. Answers
 * outside /api are not checked; a path no operation serves must be the JSON 404 of the catch-all.
 */
export async function checkResponse(method: string, url: string, response: APIResponse): Promise<void> {
  const { pathname } = new URL(url, "http://localhost");
  if (!pathname.startsWith("/api/") && pathname !== "/api") return;
  const verb = method.toLowerCase();
  const status = response.status();
  const where = `${method.toUpperCase()} ${pathname} -> ${status}`;
  const template = pathTemplate(pathname);
  const operation = template ? (document.paths[template]?.[verb] as { operationId: string; responses: ResponsesObject } | undefined) : undefined;

  if (!operation) {
    // The catch-all answers any path or method no handler claims with the JSON 404; a method a
    // route file does not export is a 405 (Next.js's, given its JSON body by server/json-errors.mjs).
    if (status === 404) return checkBody(where, "the catch-all 404", response, errorValidator());
    if (status === 405 && template) return checkBody(where, "a method the route lacks (405)", response, errorValidator());
    throw new Error(`API contract: ${where}: no operation for ${method.toUpperCase()} ${template ?? pathname} in the OpenAPI document (lib/contract/<resource>/)`);
  }
  const documented = operation.responses[String(status)];
  if (!documented) {
    const text = (await response.text().catch(() => "")).slice(0, 300);
    throw new Error(
      `API contract: ${where}: status ${status} is not documented for ${operation.operationId} (documented: ${Object.keys(operation.responses).join(", ")}). Body: ${text}`,
    );
  }
  if (!documented.content?.["application/json"]) return;
  return checkBody(where, operation.operationId, response, validatorFor(template!, verb, String(status)));
}

async function checkBody(where: string, name: string, response: APIResponse, validate: ValidateFunction): Promise<void> {
  const type = response.headers()["content-type"] ?? "";
  if (!type.includes("application/json")) {
    throw new Error(`API contract: ${where}: ${name} should answer JSON, got "${type || "no content type"}"`);
  }
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new Error(`API contract: ${where}: ${name} answered invalid JSON: ${text.slice(0, 200)}`);
  }
  if (validate(body)) return;
  const problems = (validate.errors ?? [])
    .slice(0, 8)
    .map(
      (error) =>
        `  ${error.instancePath || "(body)"} ${error.message}${error.params && "additionalProperty" in error.params ? ` "${String(error.params.additionalProperty)}"` : ""}`,
    )
    .join("\n");
  throw new Error(`API contract: ${where}: the body does not match ${name}'s schema:\n${problems}\nBody: ${text.slice(0, 400)}`);
}
