// Names of the double-submit anti-forgery pair (api-contract.md, Conventions).
export const XSRF_COOKIE = "XSRF-TOKEN";
export const XSRF_HEADER = "XSRF-Token";
