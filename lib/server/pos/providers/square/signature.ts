import { createHmac, timingSafeEqual } from "node:crypto";

// Square's webhook signature (x-square-hmacsha256-signature): base64 HMAC-SHA256, under the
// subscription's signature key, of the notification URL followed by the raw body. The built-in POS
// signs its own the same way under its own key. No server-only import: the stand-in signs with it.

export const squareSignature = (key: string, url: string, body: string) =>
  createHmac("sha256", key)
    .update(url + body)
    .digest("base64");

export function squareSignatureValid(key: string, signature: string | null, url: string, body: string): boolean {
  if (!signature) return false;
  const expected = Buffer.from(squareSignature(key, url, body));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
