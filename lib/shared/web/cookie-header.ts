/**
 * A cookie's raw value in a Cookie header ("a=1; b=2", or the browser's `document.cookie`), or
 * undefined when it is not there; the value as sent (decode it where it is URI-encoded). For a
 * read of one or two names on a hot path: the host's page key reads the Delivery/Pickup mode and
 * whether a session cookie is there on every catalog page request, where a whole NextRequest
 * would be built only for that.
 */
export function cookieFrom(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const at = part.indexOf("=");
    if (at >= 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}
