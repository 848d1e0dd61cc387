import "server-only";
import { BlockList, isIP } from "node:net";

// The one rule for where the server may send a request a user gave it the address of (webhook
// receivers: webhooks/receiver-address.ts, when saved and as each connection is made; web push
// endpoints: notifications/push.ts). An address is public when it is a public IPv4 address, or
// an IPv6 address of the global unicast block 2000::/3 outside its special-purpose blocks;
// IPv6 that carries an IPv4 address (IPv4-mapped ::ffff:0:0/96, NAT64 64:ff9b::/96, 6to4
// 2002::/16) is judged by the IPv4 address inside. So everything outside 2000::/3 is refused
// without naming it (the IPv4-compatible ::/96, the old site-local fec0::/10, unique-local
// fc00::/7, link-local, multicast, loopback, discard, local-use NAT64 64:ff9b:1::/48).
// node:net's BlockList rather than a library (ipaddr.js names the ranges but does not read the
// IPv4 address inside a 6to4 or NAT64 address, and calls "unicast" whatever it does not list).

const NOT_PUBLIC_V4 = new BlockList();
for (const [net, bits] of [
  ["0.0.0.0", 8], // "this network"
  ["10.0.0.0", 8], // private
  ["100.64.0.0", 10], // shared (carrier-grade NAT)
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local (cloud metadata)
  ["172.16.0.0", 12], // private
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.0.2.0", 24], // documentation
  ["192.88.99.0", 24], // 6to4 relay anycast (deprecated)
  ["192.168.0.0", 16], // private
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24], // documentation
  ["203.0.113.0", 24], // documentation
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, broadcast
] as const) {
  NOT_PUBLIC_V4.addSubnet(net, bits, "ipv4");
}

const GLOBAL_UNICAST = new BlockList();
GLOBAL_UNICAST.addSubnet("2000::", 3, "ipv6");
/** The special-purpose blocks inside 2000::/3. */
const SPECIAL_V6 = new BlockList();
for (const [net, bits] of [
  ["2001::", 23], // IETF protocol assignments: Teredo 2001::/32, benchmarking, ORCHID
  ["2001:db8::", 32], // documentation
  ["3fff::", 20], // documentation
] as const) {
  SPECIAL_V6.addSubnet(net, bits, "ipv6");
}

/** An IPv6 address's eight 16-bit groups, or null when it is not one (a zone id included). */
function groupsOf(address: string): number[] | null {
  let host: string;
  try {
    // The URL parser writes every spelling of an address one way: hex groups, `::` for zeros.
    host = new URL(`http://[${address}]/`).hostname.slice(1, -1);
  } catch {
    return null;
  }
  const [head = "", tail] = host.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = [...left, ...Array<string>(8 - left.length - right.length).fill("0"), ...right].map((group) => parseInt(group, 16));
  return groups.length === 8 && groups.every((group) => group >= 0 && group <= 0xffff) ? groups : null;
}

const ipv4Of = (high: number, low: number) => `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
const zeros = (groups: number[], from: number, to: number) => groups.slice(from, to).every((group) => group === 0);

/** Whether `address` (an IP address, as written) is on the public internet; anything else, or not an address, is not. */
export function isPublicAddress(address: string): boolean {
  const version = isIP(address);
  if (version === 4) return !NOT_PUBLIC_V4.check(address, "ipv4");
  if (version !== 6) return false;
  const groups = groupsOf(address);
  if (!groups) return false;
  if (zeros(groups, 0, 5) && groups[5] === 0xffff) return isPublicAddress(ipv4Of(groups[6]!, groups[7]!));
  if (groups[0] === 0x64 && groups[1] === 0xff9b && zeros(groups, 2, 6)) return isPublicAddress(ipv4Of(groups[6]!, groups[7]!));
  if (groups[0] === 0x2002) return isPublicAddress(ipv4Of(groups[1]!, groups[2]!));
  const canonical = groups.map((group) => group.toString(16)).join(":");
  return GLOBAL_UNICAST.check(canonical, "ipv6") && !SPECIAL_V6.check(canonical, "ipv6");
}

export const isPrivateAddress = (address: string): boolean => !isPublicAddress(address);

/** The special-use names that never leave the machine or its network (RFC 6761, 6762, 8375; .internal). */
const LOCAL_SUFFIXES = ["localhost", "local", "internal", "home.arpa", "invalid"];

/**
 * A host name as the resolver reads it: lower case, without the trailing dots of a fully
 * qualified name ("localhost." is localhost) or an IPv6 literal's brackets.
 */
export const bareHost = (hostname: string) =>
  hostname
    .toLowerCase()
    .replace(/^\[(.*)\]$/, "$1")
    .replace(/\.+$/, "");

/**
 * Whether a URL's host (an address or a name) may be public, before any lookup: a literal
 * address must be public; a name must not be local (localhost, .local, .internal...) nor a single
 * label (which the resolver completes with the machine's own search domains). A name that passes
 * is checked again on the addresses it resolves to, as the connection is made.
 */
export function hostMayBePublic(hostname: string): boolean {
  const host = bareHost(hostname);
  if (isIP(host)) return isPublicAddress(host);
  if (!host.includes(".")) return false;
  return !LOCAL_SUFFIXES.some((suffix) => host === suffix || host.endsWith(`.${suffix}`));
}
