// oidc-provider ships no types (server/sign-in-stand-in.mjs is its one user, a development and
// test stand-in): its API is taken as it is documented, untyped.
declare module "oidc-provider";
