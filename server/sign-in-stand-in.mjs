// @ts-check
// The local stand-in for Google's and Apple's sign-in (docs/architecture/accounts-security.md
// "Google and Apple"): two OpenID providers (the certified `oidc-provider`), one per issuer, served
// by the host under /dev/sign-in/google and /dev/sign-in/apple on `localhost` when the settings
// say so (signInStandInWanted: never in production). Nothing reaches the internet. Its sign-in
// page lets the person (or the test) be whoever they choose: an account, an email verified or
// not, a name; the Apple one hides the email behind a private relay address on request and, like
// Apple, posts the name (the `user` form field) on the first sign-in only, by form_post. For the
// tests, the page can also have the ID token come back for another audience, from another issuer
// or signed by a key the issuer never published: the relying party must refuse each.
import { createHash, randomBytes } from "node:crypto";
import Provider from "oidc-provider";
import { SignJWT, decodeJwt, exportJWK, generateKeyPair } from "jose";
import { SIGN_IN_STAND_IN_PATH, SIGN_IN_STAND_IN_SECRET } from "../lib/shared/web/host-contract.mjs";

/** @import { IncomingMessage, ServerResponse } from "node:http" */
/** @typedef {{ claims: Record<string, unknown>, tamper: string, firstName: string, lastName: string, email: string }} Account */

const TAMPERS = ["none", "audience", "issuer", "signature"];

/** The host's handler for every path under SIGN_IN_STAND_IN_PATH. @param {string} origin */
export async function signInStandIn(origin) {
  /** @type {Map<string, (req: IncomingMessage, res: ServerResponse) => Promise<void>>} */
  const issuers = new Map();
  for (const name of ["google", "apple"]) issuers.set(name, await standInIssuer(name, `${origin}${SIGN_IN_STAND_IN_PATH}/${name}`));
  /** @param {IncomingMessage} req @param {ServerResponse} res */
  return (req, res) => {
    const name =
      String(req.url)
        .slice(SIGN_IN_STAND_IN_PATH.length + 1)
        .split(/[/?]/)[0] ?? "";
    const serve = issuers.get(name);
    if (!serve) {
      res.writeHead(404, { "content-type": "text/plain" });
      return void res.end("Not found");
    }
    serve(req, res).catch((error) => {
      if (!res.headersSent) res.writeHead(500, { "content-type": "text/plain" });
      res.end(`The sign-in stand-in failed: ${error instanceof Error ? error.message : String(error)}`);
    });
  };
}

/** One issuer: its provider, its sign-in page and what it remembers. @param {string} name @param {string} issuer */
async function standInIssuer(name, issuer) {
  const apple = name === "apple";
  const mount = `${SIGN_IN_STAND_IN_PATH}/${name}`;
  const kid = `${name}-stand-in`;
  const { privateKey } = await generateKeyPair("RS256", { extractable: true });
  // A key the issuer never publishes: a token signed with it must fail the signature check.
  const { privateKey: strangerKey } = await generateKeyPair("RS256");
  /** @type {Map<string, Account>} */
  const accounts = new Map();
  /** The accounts Apple already told their name (it says it on the first sign-in only). */
  const named = new Set();
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: `nosh-${name}`,
        client_secret: SIGN_IN_STAND_IN_SECRET,
        redirect_uris: [`http://localhost/api/auth/oidc/${name}/callback`],
        response_types: ["code"],
        grant_types: ["authorization_code"],
        token_endpoint_auth_method: "client_secret_post",
      },
    ],
    jwks: { keys: [{ ...(await exportJWK(privateKey)), kid, alg: "RS256", use: "sig" }] },
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    // Google and Apple put the email in the ID token itself.
    conformIdTokenClaims: false,
    scopes: ["openid", "email", "profile", "name"],
    claims: apple
      ? { openid: ["sub"], email: ["email", "email_verified", "is_private_email"] }
      : { openid: ["sub"], email: ["email", "email_verified"], profile: ["name", "given_name", "family_name"] },
    findAccount: (/** @type {unknown} */ _ctx, /** @type {string} */ id) => {
      const account = accounts.get(id);
      return account ? { accountId: id, claims: () => ({ sub: id, ...account.claims }) } : undefined;
    },
    interactions: { url: (/** @type {unknown} */ _ctx, /** @type {{ uid: string }} */ interaction) => `${mount}/interaction/${interaction.uid}` },
    cookies: { keys: [randomBytes(32).toString("hex")] },
  });
  // Any loopback address of this machine may receive the answer at the provider's callback path.
  provider.Client.prototype.redirectUriAllowed = function (/** @type {string} */ value) {
    try {
      const url = new URL(value);
      return ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname) && url.pathname === `/api/auth/oidc/${name}/callback` && !url.search;
    } catch {
      return false;
    }
  };
  provider.use(async (/** @type {any} */ ctx, /** @type {() => Promise<void>} */ next) => {
    await next();
    // Apple's name, on the first sign-in only, as its form_post's `user` field (JSON).
    if (apple && typeof ctx.body === "string" && ctx.body.includes('name="code"')) {
      const accountId = ctx.oidc?.session?.accountId;
      const account = accountId ? accounts.get(accountId) : undefined;
      if (account && accountId && !named.has(accountId) && account.firstName) {
        named.add(accountId);
        const user = JSON.stringify({ name: { firstName: account.firstName, lastName: account.lastName }, email: account.claims.email });
        ctx.body = ctx.body.replace("<noscript>", `<input type="hidden" name="user" value="${escapeHtml(user)}"/>\n<noscript>`);
      }
    }
    // The tests' broken ID tokens: for another audience, from another issuer, or signed by a stranger's key.
    const body = /** @type {Record<string, unknown> | undefined} */ (ctx.oidc?.route === "token" && typeof ctx.body === "object" ? ctx.body : undefined);
    if (body && typeof body.id_token === "string") {
      const claims = decodeJwt(body.id_token);
      const tamper = accounts.get(String(claims.sub))?.tamper ?? "none";
      if (tamper !== "none") {
        const changed = { ...claims, ...(tamper === "audience" && { aud: "another-app" }), ...(tamper === "issuer" && { iss: "https://accounts.example.invalid" }) };
        ctx.body = { ...body, id_token: await new SignJWT(changed).setProtectedHeader({ alg: "RS256", kid }).sign(tamper === "signature" ? strangerKey : privateKey) };
      }
    }
  });
  const callback = provider.callback();

  /** @param {IncomingMessage} req @param {ServerResponse} res */
  return async (req, res) => {
    const url = new URL(String(req.url), "http://stand-in");
    const interaction = url.pathname.slice(mount.length).match(/^\/interaction\/([\w-]+)(\/login)?$/);
    if (interaction) return interact(req, res, interaction[2] !== undefined);
    // The provider answers below its mount path (oidc-provider reads the mount from originalUrl).
    Object.assign(req, { originalUrl: req.url, url: String(req.url).slice(mount.length) || "/" });
    await callback(req, res);
  };

  /** The sign-in page (GET) and its answer (POST .../login); consent is given at once, as Google's and Apple's own apps do. @param {IncomingMessage} req @param {ServerResponse} res @param {boolean} submitted */
  async function interact(req, res, submitted) {
    const details = await provider.interactionDetails(req, res);
    if (details.prompt.name === "consent") {
      const grant = new provider.Grant({ accountId: String(details.session?.accountId), clientId: String(details.params.client_id) });
      grant.addOIDCScope(String(details.params.scope));
      return void (await provider.interactionFinished(req, res, { consent: { grantId: await grant.save() } }, { mergeWithLastSubmission: true }));
    }
    if (!submitted) return page(res, signInPage(name, `${mount}/interaction/${details.uid}/login`));
    const form = new URLSearchParams(await readBody(req));
    const email = (form.get("email") ?? "").trim().toLowerCase();
    const accountId = createHash("sha256")
      .update(`${name}:${form.get("account")?.trim() || email}`)
      .digest("hex")
      .slice(0, 24);
    const verified = form.get("verified") === "on";
    const hide = apple && form.get("hide") === "on";
    const firstName = (form.get("firstName") ?? "").trim();
    const lastName = (form.get("lastName") ?? "").trim();
    const shown = hide ? `${accountId.slice(0, 10)}@privaterelay.appleid.com` : email;
    const tamper = TAMPERS.includes(form.get("token") ?? "") ? String(form.get("token")) : "none";
    // Apple writes its booleans as strings; Google as booleans. Apple's ID token never names the person.
    const claims = apple
      ? { email: shown, email_verified: String(hide || verified), ...(hide && { is_private_email: "true" }) }
      : {
          email: shown,
          email_verified: verified,
          name: [firstName, lastName].filter(Boolean).join(" ") || undefined,
          given_name: firstName || undefined,
          family_name: lastName || undefined,
        };
    accounts.set(accountId, { claims, tamper, firstName, lastName, email: shown });
    await provider.interactionFinished(req, res, { login: { accountId } }, { mergeWithLastSubmission: false });
  }
}

/** @param {IncomingMessage} req @returns {Promise<string>} */
async function readBody(req) {
  let body = "";
  for await (const chunk of req) {
    body += chunk;
    if (body.length > 16_384) throw new Error("the form is too large");
  }
  return body;
}

/** @param {string} text */
const escapeHtml = (text) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The page, its form free to end at the app's callback on another origin (no form-action). @param {ServerResponse} res @param {string} html */
function page(res, html) {
  res.writeHead(200, {
    "content-type": "text/html; charset=utf-8",
    "cache-control": "no-store",
    "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'",
  });
  res.end(html);
}

/** The stand-in's own page (English only: it is a developer's and the tests' tool, never a person's). @param {string} name @param {string} action */
function signInPage(name, action) {
  const title = name === "apple" ? "Apple ID (local stand-in)" : "Google (local stand-in)";
  const apple = name === "apple";
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${title}</title>
<style>body{font:16px system-ui;max-width:26rem;margin:2rem auto;padding:0 1rem}label{display:block;margin:.75rem 0}input[type=text],input[type=email],select{width:100%;padding:.4rem}</style></head>
<body><h1>${title}</h1><p>Not ${apple ? "Apple" : "Google"}: a local OpenID provider for development and tests. Sign in as anyone.</p>
<form method="post" action="${escapeHtml(action)}">
<label>Email <input type="email" name="email" required></label>
<label>Account (the same one signs in as the same person; empty: the email) <input type="text" name="account"></label>
<label>First name <input type="text" name="firstName"></label>
<label>Last name <input type="text" name="lastName"></label>
<label><input type="checkbox" name="verified" checked> Email verified</label>
${apple ? '<label><input type="checkbox" name="hide"> Hide my email</label>' : ""}
<label>ID token <select name="token"><option value="none">As issued</option><option value="audience">For another app</option><option value="issuer">From another issuer</option><option value="signature">Signed by an unknown key</option></select></label>
<button type="submit">Sign in</button></form></body></html>`;
}
