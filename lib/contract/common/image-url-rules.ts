// Where a restaurant or dish photo may live: on the web (an absolute URL) or on this site
// (the demo photos under /images/, uploaded pictures under /uploads/). Client-safe.

const LOCAL_IMAGE = /^\/(images|uploads)\/[\w\-./]+$/;

/** A path on this site that serves a picture; never climbs out of its folder. */
export function isLocalImagePath(value: string): boolean {
  return LOCAL_IMAGE.test(value) && !value.includes("..") && !value.includes("//");
}

/** An absolute URL whose scheme is one of `schemes` (without the colon) and that has a host. */
export function isUrlWithScheme(value: string, schemes: readonly string[]): boolean {
  if (/\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return schemes.includes(url.protocol.slice(0, -1)) && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/** The spec's "a valid URL": an http(s) address, or a photo already on this site. */
export function isImageLocation(value: string): boolean {
  return isUrlWithScheme(value, ["http", "https"]) || isLocalImagePath(value);
}
