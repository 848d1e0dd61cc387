// Where sign-in sends a visitor back to (`/login?next=/group/abc`): only a path of this site,
// never another origin ("//evil.example", "/\evil.example", "https://..."), so the parameter
// cannot be used to bounce a freshly signed-in user elsewhere.

export const RETURN_PARAM = "next";

/** The path to return to, or null when `raw` is missing or not a local path. */
export function safeReturnPath(raw: string | null | undefined): string | null {
  if (!raw || raw.length > 512) return null;
  if (!raw.startsWith("/") || raw.startsWith("//") || raw.startsWith("/\\")) return null;
  // Control characters (a newline in a header, a tab browsers strip) have no place in a path.
  if (/[\u0000-\u001f\u007f\\]/.test(raw)) return null;
  return raw;
}

/** "/login?next=%2Fgroup%2Fabc": the sign-in page that comes back to `path`. */
export const signInHref = (path: string): string => `/login?${RETURN_PARAM}=${encodeURIComponent(path)}`;
