import { describe, expect, test } from "vitest";
import { openApiDocument } from "./openapi";
import { fieldsOf, referenceOf, typeOf } from "./reference";

// What /developers/api shows of the document: the words for a schema and an operation's parts.

describe("the API reference", () => {
  test("names schemas in a few words", () => {
    expect(typeOf({ $ref: "#/components/schemas/Order" })).toBe("Order");
    expect(typeOf({ type: "array", items: { $ref: "#/components/schemas/Review" } })).toBe("Review[]");
    expect(typeOf({ anyOf: [{ type: "string" }, { type: "null" }] })).toBe("string | null");
    expect(typeOf({ type: "string", enum: ["card", "wallet"] })).toBe("one of: card, wallet");
  });

  test("lists a body of several shapes field by field, required only where all require it", () => {
    const body = {
      oneOf: [
        { type: "object", properties: { stage: { type: "string", enum: ["accepted"] }, prepMinutes: { type: "integer" } }, required: ["stage", "prepMinutes"] },
        { type: "object", properties: { stage: { type: "string", enum: ["ready"] } }, required: ["stage"] },
      ],
    };
    expect(fieldsOf(body)).toEqual([
      { name: "stage", type: "one of: accepted | one of: ready", required: true },
      { name: "prepMinutes", type: "integer", required: false },
    ]);
  });

  test("groups every operation by resource with who may call it, its body and its statuses", () => {
    const groups = referenceOf(openApiDocument());
    const submit = groups.find((group) => group.name === "Orders")!.operations.find((operation) => operation.id === "putOrdersIdSubmit")!;
    expect(submit).toMatchObject({ method: "PUT", path: "/api/orders/{id}/submit", idempotent: true, pathParams: ["id"] });
    expect(submit.who).toMatch(/owner/);
    expect(submit.body?.fields.map((field) => field.name)).toContain("paymentMethod");
    expect(submit.responses.map((response) => response.status)).toEqual(["200", "400", "401", "402", "403", "404", "409", "413", "422", "429", "503"]);
    expect(groups.reduce((count, group) => count + group.operations.length, 0)).toBe(Object.values(openApiDocument().paths).flatMap(Object.keys).length);
  });
});
