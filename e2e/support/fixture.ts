// The declarations' fixtures (lib/contract/define.ts `Fixture`) as calls: a string
// "$name" or "$name.field" anywhere in a fixture's path, query or body is a value of the suite's
// world, looked up by `value`; anything else is sent as written.

/** A "$name.field" reference's parts, or null for a plain value. */
export function referenceOf(text: unknown): { name: string; field?: string } | null {
  if (typeof text !== "string" || !text.startsWith("$")) return null;
  const [name, field] = text.slice(1).split(".");
  return { name: name!, field };
}

/** `template` with every world reference replaced by `value`'s answer (in document order, one at a time). */
export async function fill(template: unknown, value: (name: string, field?: string) => Promise<unknown> | unknown): Promise<unknown> {
  const reference = referenceOf(template);
  if (reference) return value(reference.name, reference.field);
  if (Array.isArray(template)) {
    const out: unknown[] = [];
    for (const item of template) out.push(await fill(item, value));
    return out;
  }
  if (typeof template === "object" && template !== null) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(template)) out[key] = await fill(item, value);
    return out;
  }
  return template;
}

/** An operation's URL: its path template with the parameters filled, and the query. */
export function urlOf(pathTemplate: string, params: Record<string, unknown> = {}, query: Record<string, unknown> = {}): string {
  const path = pathTemplate.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (params[name] === undefined) throw new Error(`${pathTemplate}: the fixture gives no {${name}}`);
    return encodeURIComponent(String(params[name]));
  });
  const search = new URLSearchParams(Object.entries(query).map(([key, item]) => [key, String(item)])).toString();
  return search ? `${path}?${search}` : path;
}

/** fill's twin for world values made at once (the fuzzer's, inside its generators). */
export function fillNow(template: unknown, value: (name: string, field?: string) => unknown): unknown {
  const reference = referenceOf(template);
  if (reference) return value(reference.name, reference.field);
  if (Array.isArray(template)) return template.map((item) => fillNow(item, value));
  if (typeof template === "object" && template !== null) return Object.fromEntries(Object.entries(template).map(([key, item]) => [key, fillNow(item, value)]));
  return template;
}
