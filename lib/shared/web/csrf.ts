// Names of the double-submit anti-forgery pair: the cookie the server sets and the header every
// mutating call echoes it in (docs/architecture/security.md, Anti-forgery).
// The cookie's name is the host's too (it keeps answers that set only this cookie): lib/shared/web/host-contract.mjs.
export { XSRF_COOKIE } from "./host-contract.mjs";
export const XSRF_HEADER = "XSRF-Token";
/** The 403 message of a mutating call whose token is missing, wrong, or issued for another session. */
export const XSRF_REFUSED = "Missing or invalid anti-forgery token (XSRF-Token header)";
