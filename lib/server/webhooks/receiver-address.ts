import "server-only";
import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import type { LookupFunction } from "node:net";
import { hostMayBePublic, isPrivateAddress } from "../platform/public-address";
import { said } from "@/lib/shared/words/said";

// Where a webhook may be sent (docs/architecture/webhooks.md "Receivers"). In production a
// receiver is an https URL whose host resolves to public addresses only: the address is checked
// as the connection is made (the request's own DNS lookup), so a name that resolves to a private
// address later, or a redirect (never followed: a 3xx is a failed attempt), cannot reach the
// machine's own network. In development and tests http and local receivers are allowed. What is
// public is one rule, the same when saved and when connecting (platform/public-address.ts).

/** Why `raw` cannot be a receiver (a message for the `url` field), or null. Production: https, and a host that may be public (`hostMayBePublic`). */
export function receiverUrlProblem(raw: string, production: boolean): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return said("messages.receiverUrl");
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return said("messages.receiverUrl");
  if (url.username || url.password) return said("messages.receiverCredentials");
  if (!production) return null;
  if (url.protocol !== "https:") return said("messages.receiverHttps");
  return hostMayBePublic(url.hostname) ? null : said("messages.receiverPrivate");
}

/** The error of a connection refused because its address is private. */
export class PrivateAddressError extends Error {
  constructor(address: string) {
    super(`Refused: ${address} is a private or local address`);
  }
}

/**
 * The DNS lookup a receiver's connection is made with: in production every address the name
 * resolves to must be public, else the connection fails before it is opened.
 */
export function receiverLookup(production: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, "", 4);
      const refused = production ? addresses.find((entry) => isPrivateAddress(entry.address)) : undefined;
      if (refused) return callback(new PrivateAddressError(refused.address), "", 4);
      if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      const [first] = addresses;
      if (!first) return callback(new Error(`${hostname} has no address`), "", 4);
      callback(null, first.address, first.family);
    });
  };
}
