import "server-only";
import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { BlockList, isIP, type LookupFunction } from "node:net";

// Where a webhook may be sent (docs/architecture/webhooks.md "Receivers"). In production a
// receiver is an https URL whose host resolves to public addresses only: the address is checked
// as the connection is made (the request's own DNS lookup), so a name that resolves to a private
// address later, or a redirect (never followed: a 3xx is a failed attempt), cannot reach the
// machine's own network. In development and tests http and local receivers are allowed.

const PRIVATE = new BlockList();
for (const [net, bits] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  PRIVATE.addSubnet(net, bits, "ipv4");
}
for (const [net, bits] of [
  ["::", 128],
  ["::1", 128],
  ["64:ff9b::", 96],
  ["100::", 64],
  ["2001:db8::", 32],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const) {
  PRIVATE.addSubnet(net, bits, "ipv6");
}

/** Whether an IP address is not on the public internet: private, loopback, link-local, shared, reserved, multicast, documentation. */
export function isPrivateAddress(address: string): boolean {
  const version = isIP(address);
  if (version === 4) return PRIVATE.check(address, "ipv4");
  if (version !== 6) return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return PRIVATE.check(mapped[1]!, "ipv4");
  return PRIVATE.check(address, "ipv6");
}

export const RECEIVER_MESSAGES = {
  invalid: "Enter a full URL, such as https://example.com/webhooks",
  https: "The URL must start with https://",
  credentials: "The URL must not carry a user name or password",
  private: "This address is private or local: webhooks are sent to public addresses only",
} as const;

/** Why `raw` cannot be a receiver (a message for the `url` field), or null. Production: https, and a literal address must be public. */
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
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (isIP(host) && isPrivateAddress(host)) return RECEIVER_MESSAGES.private;
  if (host === "localhost" || host.endsWith(".localhost")) return RECEIVER_MESSAGES.private;
  return null;
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
