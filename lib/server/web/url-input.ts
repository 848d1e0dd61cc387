import "server-only";
import type { NextRequest } from "next/server";
import type { z } from "zod";
import { idMessage, idTextOf } from "@/lib/contract/common/id-rules";
import { fieldError, fromZod } from "../platform/errors";

// A request's URL: its query string and path ids, checked.

export function parseQuery<S extends z.ZodType>(request: NextRequest, schema: S): z.output<S> {
  const query: Record<string, string> = {};
  request.nextUrl.searchParams.forEach((value, key) => {
    query[key] = value;
  });
  const result = schema.safeParse(query);
  if (!result.success) throw fromZod(result.error);
  return result.data;
}

/** A route parameter that must be a positive integer id (lib/contract/common/id-rules.ts); junk is a 400 naming the field. Pages: pageId in ./page.ts. */
export function parseId(value: string | string[] | undefined, field = "id"): number {
  const result = idTextOf(field).safeParse(value);
  if (!result.success) throw fieldError(field, idMessage(field));
  return result.data;
}
