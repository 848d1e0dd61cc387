import "server-only";
import { MAX_JSON_BYTES, jsonTooLarge, readCapped } from "./body";

// A form-encoded body (application/x-www-form-urlencoded, as a messaging provider posts its
// callbacks), read whole under the API's body cap, with the path and query a provider's signature covers.

export async function readForm(request: Request): Promise<{ params: Record<string, string>; pathAndQuery: string }> {
  const raw = new TextDecoder().decode(await readCapped(request, MAX_JSON_BYTES, jsonTooLarge));
  const params: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(raw)) params[name] = value;
  const url = new URL(request.url);
  return { params, pathAndQuery: `${url.pathname}${url.search}` };
}
