import { Validator } from "@seriousme/openapi-schema-validator";
import { Ajv2020 } from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { describe, expect, test } from "vitest";
import { discoverApiRoutes, exportedMethods } from "@/e2e/support/matrix";
import { buildOpenApiDocument, openApiDocument } from "./openapi";
import { OPERATIONS, operationKey, routeKey } from "./operations";

// The published contract: the declarations (lib/contract/<resource>/) are exactly the route
// files' methods on disk, each once, and say what the suites derive their rows from (who may
// call, and for a GET whether it is a paged list); the OpenAPI document built from them is a
// valid OpenAPI 3.1 document, and every schema in it compiles as JSON Schema 2020-12 (what
// e2e/support/contract.ts validates with).

const document = buildOpenApiDocument();

/** "GET /api/orders/[id]" keys of the document, like discoverApiRoutes'. */
const documented = Object.entries(document.paths)
  .flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, "[$1]")}`))
  .sort();

describe("the declarations", () => {
  const declared = OPERATIONS.map(routeKey);

  test("let a kitchen tablet reach the board's steps only: staff operations of a restaurant's orders, never its money, menu, team or settings", () => {
    const device = OPERATIONS.filter((operation) => operation.kitchenDevice);
    expect(device.length).toBeGreaterThan(10);
    expect(device.filter((operation) => operation.access.kind !== "restaurantStaff").map(operationKey)).toEqual([]);
    expect(
      device.filter((operation) => /payout|menu|team|statement|promotion|api-keys|webhooks|kitchen-devices|insights/.test(operation.path)).map(operationKey),
    ).toEqual([]);
  });

  test("give API key scopes to restaurant team operations only, and the document lists the bearer scheme on exactly those", () => {
    const keyed = OPERATIONS.filter((operation) => operation.keys);
    expect(keyed.length).toBeGreaterThan(10);
    expect(keyed.filter((operation) => !["restaurantManager", "restaurantStaff"].includes(operation.access.kind)).map(operationKey)).toEqual([]);
    expect(document.components.securitySchemes.apiKey).toMatchObject({ type: "http", scheme: "bearer" });
    for (const operation of OPERATIONS) {
      const security = (document.paths[operation.path]![operation.method.toLowerCase()] as { security?: Record<string, string[]>[] }).security ?? [];
      const bearer = security.find((requirement) => "apiKey" in requirement);
      expect(bearer?.apiKey ?? null, operationKey(operation)).toEqual(operation.keys ? [...operation.keys] : null);
    }
  });

  test("declare every route file's every method on disk", () => {
    const onDisk = discoverApiRoutes();
    expect(onDisk.length).toBeGreaterThan(30);
    expect(
      onDisk.filter((key) => !declared.includes(key)),
      "routes on disk without a declaration in lib/contract/<resource>/",
    ).toEqual([]);
  });

  test("declare nothing without a route file on disk", () => {
    const onDisk = discoverApiRoutes();
    expect(
      declared.filter((key) => !onDisk.includes(key)),
      "declarations with no route file",
    ).toEqual([]);
  });

  test("declare each operation once, and the document lists each", () => {
    expect(declared.filter((key, i) => declared.indexOf(key) !== i)).toEqual([]);
    expect(documented).toEqual([...declared].sort());
  });

  test("say for every GET, and only a GET, whether it is a paged list; a paged list documents limit and offset", () => {
    for (const operation of OPERATIONS) {
      const key = operationKey(operation);
      if (operation.method !== "GET") {
        expect(operation.paging, key).toBeUndefined();
        continue;
      }
      expect(operation.paging, key).toBeDefined();
      const query = ((document.paths[operation.path]!.get!.parameters ?? []) as { in: string; name: string }[]).filter((p) => p.in === "query").map((p) => p.name);
      if (operation.paging === "limit-offset") expect(query, key).toEqual(expect.arrayContaining(["limit", "offset"]));
      else expect(operation.paging!.unpaged.length, `${key}: why it is not a paged list`).toBeGreaterThan(5);
    }
  });

  test("say who may call each, and a size cap for each upload", () => {
    const kinds = [
      "anyone",
      "signedLink",
      "signedIn",
      "member",
      "self",
      "restaurantOwner",
      "restaurantManager",
      "restaurantStaff",
      "recordOwner",
      "groupToken",
      "groupHost",
      "courier",
      "jobCourier",
      "operator",
      "printer",
    ];
    for (const operation of OPERATIONS) {
      expect(kinds, operationKey(operation)).toContain(operation.access.kind);
      expect(operation.access.signedIn, operationKey(operation)).toBe(!["anyone", "signedLink"].includes(operation.access.kind));
      if (operation.multipart) expect(operation.multipart.maxBytes, operationKey(operation)).toBeGreaterThan(0);
    }
  });
});

describe("reading the route files", () => {
  test("finds a method in every export form, HEAD and OPTIONS included", () => {
    expect(exportedMethods("export const GET = route(async () => {});\nexport async function POST() {}\nexport function HEAD() {}")).toEqual(["GET", "HEAD", "POST"]);
    expect(exportedMethods("const handler = 1;\nexport { handler as PUT, handler as OPTIONS, other };\nexport const dynamic = 'force-dynamic';")).toEqual([
      "PUT",
      "OPTIONS",
    ]);
  });

  test("throws on an export it cannot read, rather than missing a method", () => {
    for (const source of ['export * from "./handlers";', "export default handler;", "export const { GET, POST } = handlers;"]) {
      expect(() => exportedMethods(source), source).toThrow(/cannot be read/);
    }
  });
});

describe("the OpenAPI document", () => {
  test("is a valid OpenAPI 3.1 document", async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document));
    expect(result.errors ?? [], JSON.stringify(result.errors, null, 2)?.slice(0, 2000)).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
  });

  test("every schema in it compiles as JSON Schema 2020-12", () => {
    const ajv = new Ajv2020({ strict: false, code: { optimize: false }, inlineRefs: false });
    addFormats(ajv);
    ajv.addSchema(document, "doc");
    const refs: string[] = Object.keys(document.components.schemas).map((name) => `doc#/components/schemas/${name}`);
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        const escaped = path.replace(/~/g, "~0").replace(/\//g, "~1");
        const responses = (operation as { responses: Record<string, { content?: Record<string, unknown> }> }).responses;
        for (const status of Object.keys(responses).filter((status) => responses[status]!.content?.["application/json"])) {
          refs.push(`doc#/paths/${escaped}/${method}/responses/${status}/content/application~1json/schema`);
        }
      }
    }
    // One compile of all of them: Ajv resolves each reference once.
    expect(() => ajv.compile({ anyOf: refs.map(($ref) => ({ $ref })) })).not.toThrow();
  }, 60_000);

  test("writes the contract's conventions into its description", () => {
    for (const phrase of ["XSRF-Token", "Idempotency-Key", "limit", "offset", '"errors"', "dollars", "409", "out_for_delivery", "expired", "restaurant's owner"]) {
      expect(document.info.description).toContain(phrase);
    }
  });

  test("is built once per process", () => {
    expect(openApiDocument()).toBe(openApiDocument());
  });
});
