// The session hole of a replayed catalog page (docs/architecture/catalog-and-caching.md "Shared answers"): the page
// is rendered once for an anonymous visitor and a signed-in visitor's replay carries their user
// in it, spliced by the host right after `<body` (server/kept-answers/replay.mjs, where the app's check() gives
// it: lib/shared/web/registries/kept-answers.mjs ReplayCheck). Both sides read the names here: the server
// that writes it (lib/server/web/kept-answers/index.ts) and the session provider that adopts it.

/** The id of the JSON script holding the signed-in user (userToJson). */
export const SESSION_HOLE_ID = "nosh-session";
/** Set on <body> until the page has hydrated: the pre-hydration CSS hides the signed-out controls. */
export const SIGNED_IN_ATTRIBUTE = "data-session";

/**
 * What replaces the `>` that closes the page's `<body` tag: the attribute, the `>`, and the user
 * as a JSON script (a type browsers never execute; `<` escaped so the text cannot close the tag,
 * and it carries the answer's nonce like every other script of the page).
 */
export function sessionHole(userJson: string, nonce: string): string {
  return ` ${SIGNED_IN_ATTRIBUTE}="signed-in"><script type="application/json" id="${SESSION_HOLE_ID}" nonce="${nonce}">${userJson.replaceAll("<", "\\u003c")}</script>`;
}
