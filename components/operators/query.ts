import type { z } from "zod";

type Search = Record<string, string | string[] | undefined>;

/** A console page's query string through the API's own schema; anything invalid reads as the defaults. */
export function pageQuery<S extends z.ZodType>(schema: S, search: Search): z.output<S> {
  const flat = Object.fromEntries(Object.entries(search).flatMap(([key, value]) => (typeof value === "string" && value !== "" ? [[key, value]] : [])));
  const parsed = schema.safeParse(flat);
  return parsed.success ? parsed.data : schema.parse({});
}
