import "server-only";
import type { NextRequest } from "next/server";
import { CLIENT_ADDRESS_HEADER } from "@/lib/shared/web/host-contract.mjs";

/** Every request's socket address, set by the host (server/client-address.mjs) over anything the client sent. */
export { CLIENT_ADDRESS_HEADER };
/** The one bucket of every client whose address is unknown (no trusted proxy, no custom server). */
export const UNKNOWN_ADDRESS = "unknown";

/**
 * The client's address for throttling. Behind a trusted proxy: the first X-Forwarded-For hop.
 * Otherwise the socket address the server put in x-nosh-client-address, else one shared
 * bucket: X-Forwarded-For and X-Real-IP are the client's own words there, and rotating them
 * must not buy a fresh throttle.
 */
export function clientAddress(request: Pick<NextRequest, "headers">, trustProxy: boolean): string {
  const forwarded = trustProxy ? request.headers.get("x-forwarded-for")?.split(",")[0]?.trim() : undefined;
  if (forwarded) return forwarded;
  return request.headers.get(CLIENT_ADDRESS_HEADER)?.trim() || UNKNOWN_ADDRESS;
}
