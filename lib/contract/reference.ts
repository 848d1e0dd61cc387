import type { OpenApiDocument } from "./openapi";

// The OpenAPI document as the reference page (/developers/api) shows it: operations grouped
// by resource, each with its fields and responses in words. Pure: no React, no server code.

type Json = Record<string, unknown>;
export type Field = { name: string; type: string; required: boolean; description?: string };
export type Reference = {
  id: string;
  method: string;
  path: string;
  summary: string;
  who: string;
  idempotent: boolean;
  pathParams: string[];
  query: Field[];
  body: { contentType: string; fields: Field[] } | null;
  responses: { status: string; description: string; shape: string }[];
};
export type ResourceGroup = { name: string; description: string; operations: Reference[] };

const refName = (ref: string) => ref.split("/").pop()!;

/** A JSON Schema in a few words: "integer", "string | null", "Order[]", "one of: card, wallet". */
export function typeOf(schema: Json | undefined): string {
  if (!schema) return "any";
  if (typeof schema.$ref === "string") return refName(schema.$ref);
  if (Array.isArray(schema.enum)) return `one of: ${schema.enum.join(", ")}`;
  if (Array.isArray(schema.anyOf)) return (schema.anyOf as Json[]).map(typeOf).join(" | ");
  if (Array.isArray(schema.type)) return schema.type.join(" | ");
  if (schema.type === "array") return `${typeOf(schema.items as Json)}[]`;
  if (schema.type === "object" && schema.properties) return `{ ${Object.keys(schema.properties as Json).join(", ")} }`;
  if (schema.type === "string" && schema.format === "date-time") return "date-time";
  return typeof schema.type === "string" ? schema.type : "any";
}

/** A response body in a few words: its JSON type, or the media type of a stream. */
function shapeOf(content: Record<string, { schema: Json }> | undefined): string {
  if (!content) return "none";
  const json = content["application/json"];
  return json ? typeOf(json.schema) : Object.keys(content).join(", ");
}

export function fieldsOf(schema: Json | undefined): Field[] {
  // A body that is one of several shapes ({ stage: "accepted", prepMinutes } | { stage: "ready" }):
  // each field once, its types joined, required only where every shape requires it.
  const variants = (schema?.oneOf ?? schema?.anyOf) as Json[] | undefined;
  if (variants && !schema?.properties) {
    const merged = new Map<string, Field>();
    const all = variants.map(fieldsOf);
    for (const fields of all) {
      for (const field of fields) {
        const seen = merged.get(field.name);
        const types = seen && !seen.type.split(" | ").includes(field.type) ? `${seen.type} | ${field.type}` : (seen?.type ?? field.type);
        merged.set(field.name, { ...field, type: types, required: all.every((shape) => shape.some((f) => f.name === field.name && f.required)) });
      }
    }
    return [...merged.values()];
  }
  const properties = (schema?.properties ?? {}) as Record<string, Json>;
  const required = (schema?.required ?? []) as string[];
  return Object.entries(properties).map(([name, property]) => ({
    name,
    type: typeOf(property),
    required: required.includes(name),
    ...(typeof property.description === "string" ? { description: property.description } : {}),
  }));
}

export function referenceOf(document: OpenApiDocument): ResourceGroup[] {
  const groups = document.tags.map((tag) => ({ name: tag.name, description: tag.description, operations: [] as Reference[] }));
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, raw] of Object.entries(methods)) {
      const operation = raw as Json & { parameters?: Json[]; responses: Record<string, Json>; requestBody?: { content: Record<string, { schema: Json }> } };
      const parameters = operation.parameters ?? [];
      const bodyType = operation.requestBody ? Object.keys(operation.requestBody.content)[0]! : null;
      const group = groups.find((candidate) => (operation.tags as string[])[0] === candidate.name);
      group?.operations.push({
        id: String(operation.operationId),
        method: method.toUpperCase(),
        path,
        summary: String(operation.summary),
        who: String(operation.description)
          .replace(/^Who may call: /, "")
          .replace(/\.$/, ""),
        idempotent: parameters.some((parameter) => parameter.$ref === "#/components/parameters/IdempotencyKey"),
        pathParams: parameters.filter((parameter) => parameter.in === "path").map((parameter) => String(parameter.name)),
        query: parameters
          .filter((parameter) => parameter.in === "query")
          .map((parameter) => ({ name: String(parameter.name), type: typeOf(parameter.schema as Json), required: Boolean(parameter.required) })),
        body: bodyType ? { contentType: bodyType, fields: fieldsOf(operation.requestBody!.content[bodyType]!.schema) } : null,
        responses: Object.entries(operation.responses).map(([status, response]) => ({
          status,
          description: String(response.description),
          shape: shapeOf(response.content as Record<string, { schema: Json }> | undefined),
        })),
      });
    }
  }
  return groups.filter((group) => group.operations.length);
}

/** The named shapes (components) with their fields, for the page's "Shapes" section. */
export function shapesOf(document: OpenApiDocument): { name: string; fields: Field[] }[] {
  return Object.entries(document.components.schemas).map(([name, schema]) => ({ name, fields: fieldsOf(schema) }));
}
