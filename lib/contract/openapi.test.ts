import { Validator } from "@seriousme/openapi-schema-validator";
import { Ajv2020 } from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { describe, expect, test } from "vitest";
import { discoverApiRoutes } from "@/e2e/support/matrix";
import { buildOpenApiDocument, openApiDocument } from "./openapi";

// The published contract: the OpenAPI document lists every route file's every method (the
// authorization matrix's discovery of app/api), is a valid OpenAPI 3.1 document, and every
// schema in it compiles as JSON Schema 2020-12 (what e2e/support/contract.ts validates with).

const document = buildOpenApiDocument();

/** "GET /api/orders/[id]" keys of the document, like discoverApiRoutes'. */
const documented = Object.entries(document.paths)
  .flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, "[$1]")}`))
  .sort();

describe("the OpenAPI document", () => {
  test("lists every route and method on disk", () => {
    const onDisk = discoverApiRoutes();
    expect(onDisk.length).toBeGreaterThan(30);
    expect(
      onDisk.filter((key) => !documented.includes(key)),
      "routes on disk missing from lib/contract/operations.ts",
    ).toEqual([]);
  });

  test("lists no operation without a route on disk", () => {
    const onDisk = discoverApiRoutes();
    expect(
      documented.filter((key) => !onDisk.includes(key)),
      "operations with no route file",
    ).toEqual([]);
  });

  test("is a valid OpenAPI 3.1 document", async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document));
    expect(result.errors ?? [], JSON.stringify(result.errors, null, 2)?.slice(0, 2000)).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
  });

  test("every schema in it compiles as JSON Schema 2020-12", () => {
    const ajv = new Ajv2020({ strict: false });
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
