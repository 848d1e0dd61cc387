import "server-only";
import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import type { LookupFunction } from "node:net";
import { hostMayBePublic, isPrivateAddress } from "../platform/public-address";

// Where a webhook may be sent (docs/architecture/webhooks.md "Receivers"). In production a
// receiver is an https URL whose host resolves to public addresses only: the address is checked
// as the connection is made (the request's own DNS lookup), so a name that resolves to a private
// address later, or a redirect (never followed: a 3xx is a failed attempt), cannot reach the
// machine's own network. In development and tests http and local receivers are allowed. What is
// public is one rule, the same when saved and when connecting (platform/public-address.ts).

export const RECEIVER_MESSAGES = {
  invalid: "Enter a full URL, such as https://example.com/webhooks",
  https: "The URL must start with https://",
  credentials: "The URL must not carry a user name or password",
  private: "This address is private or local: webhooks are sent to public addresses only",
} as const;

/** Why `raw` cannot be a receiver (a message for the `url` field), or null. Production: https, and a host that may be public (`hostMayBePublic`). */
export function receiverUrlProblem(raw: string, production: boolean): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return RECEIVER_MESSAGES.invalid;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return RECEIVER_MESSAGES.invalid;
  if (url.username || url.password) return RECEIVER_MESSAGES.credentials;
  if (!production) return null;
  if (url.protocol !== "https:") return RECEIVER_MESSAGES.https;
  return hostMayBePublic(url.hostname) ? null : RECEIVER_MESSAGES.private;
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
