import { describe, expect, it } from "vitest";
import { hostMayBePublic, isPublicAddress } from "./public-address";

// The one rule of where the server may send a request a user gave it the address of: public
// IPv4, global unicast IPv6, and IPv6 that carries an IPv4 address judged by that address.

describe("public addresses", () => {
  it("refuse private, loopback, link-local, shared, reserved, multicast and documentation IPv4", () => {
    for (const address of [
      "127.0.0.1",
      "10.1.2.3",
      "172.16.0.1",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "224.0.0.1",
      "255.255.255.255",
      "192.0.2.1",
      "198.18.0.1",
      "192.88.99.1",
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
    for (const address of ["93.184.216.34", "8.8.8.8", "1.1.1.1"]) expect(isPublicAddress(address), address).toBe(true);
  });

  it("refuse every IPv6 outside global unicast: loopback, unspecified, the IPv4-compatible ::/96, site-local fec0::/10, unique-local, link-local, multicast", () => {
    for (const address of [
      "::1",
      "::",
      "::127.0.0.1",
      "::7f00:1",
      "::8.8.8.8",
      "fec0::1",
      "feff::1",
      "fd00::1",
      "fc00::1",
      "fe80::1",
      "ff02::1",
      "100::1",
      "64:ff9b:1::a00:1",
      "5f00::1",
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  it("refuse the special blocks inside global unicast: Teredo, documentation, benchmarking", () => {
    for (const address of ["2001::1", "2001:0:4136:e378:8000:63bf:3fff:fdd2", "2001:db8::1", "2001:2::1", "3fff::1"])
      expect(isPublicAddress(address), address).toBe(false);
    for (const address of ["2606:4700:4700::1111", "2a00:1450:4001:80b::200e", "2001:4860:4860::8888"]) expect(isPublicAddress(address), address).toBe(true);
  });

  it("judge IPv6 that carries IPv4 (mapped, NAT64, 6to4) by the IPv4 address inside, however it is written", () => {
    for (const address of [
      "::ffff:127.0.0.1",
      "::ffff:7f00:1",
      "::FFFF:10.0.0.1",
      "64:ff9b::10.0.0.1",
      "64:ff9b::7f00:1",
      "2002:7f00:1::",
      "2002:a00:1::1",
      "2002:c0a8:101::",
      "2002:a9fe:a9fe::",
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
    for (const address of ["::ffff:8.8.8.8", "64:ff9b::808:808", "2002:808:808::1"]) expect(isPublicAddress(address), address).toBe(true);
  });

  it("refuse what is not an address, a zone id included", () => {
    for (const address of ["not an address", "", "fe80::1%eth0", "1.2.3", "::ffff:1.2.3.4.5"]) expect(isPublicAddress(address), address).toBe(false);
  });

  it("refuse local names before any lookup, with or without the trailing dot of a fully qualified name", () => {
    for (const host of [
      "localhost",
      "localhost.",
      "LOCALHOST..",
      "api.localhost",
      "printer.local",
      "db.internal",
      "nas.home.arpa",
      "intranet",
      "intranet.",
      "[::1]",
      "[fec0::1]",
      "127.0.0.1",
    ]) {
      expect(hostMayBePublic(host), host).toBe(false);
    }
    for (const host of ["example.com", "example.com.", "hooks.example.org", "8.8.8.8", "[2606:4700:4700::1111]"]) expect(hostMayBePublic(host), host).toBe(true);
  });
});
