import { z } from "zod";
import { SIGN_IN_PROVIDERS } from "@/lib/shared/people/sign-in-providers";
import { said } from "@/lib/shared/words/said";
import { messageSchema } from "../common/schemas";
import { anyone, author, member, op, signedLink } from "../define";

// Sign in with Google and Apple, and the account's linked sign-ins (docs/architecture/
// accounts-security.md "Google and Apple"). A provider that is not offered (production without
// its configuration) answers 404 on every route that names it.

const providerSchema = z.enum(SIGN_IN_PROVIDERS, said("rules.signIn.provider"));
const startSchema = z.object({ next: z.string().max(512).optional() });
const linkSchema = z.object({ provider: providerSchema });
const redirectSchema = z.object({ url: z.string() });
const linkedSignInSchema = z.object({
  id: z.number().int(),
  provider: providerSchema,
  email: z.string().nullable(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
const CALLBACK_PAGE =
  "The page the browser is sent on to (303): where it was going when signed in, the account page when linked, else the login or account page saying why (`signIn=<reason>`)";

export const signInOperations = [
  op("POST /api/auth/oidc/{provider}", {
    summary:
      "Start signing in with Google or Apple: the provider's authorization URL (code flow with PKCE, state and nonce) for the browser to open; the state rides in a cookie of its own for 10 minutes. `next`: the page to open once signed in",
    access: anyone,
    body: startSchema,
    ok: { description: "The URL to open", schema: redirectSchema },
    errors: { 404: "That provider is not offered here" },
    fixture: { matrix: { path: { provider: "google" }, body: { next: "/" } }, fuzz: { valid: { next: "/orders" } } },
  }),
  op("GET /api/auth/oidc/{provider}/callback", {
    summary:
      "The provider's answer (query response mode): its state must be the browser's cookie's and an open flow's, taken once; the code is exchanged with the PKCE verifier and the ID token checked (issuer, audience, expiry, nonce, signature against the provider's keys). Signs in a linked or new person, or links the provider to the account that started it; an email an account already uses, or an unverified one, signs in nobody",
    access: anyone,
    paging: { unpaged: "a redirect to a page" },
    ok: { description: CALLBACK_PAGE, contentType: "text/html" },
    errors: { 303: CALLBACK_PAGE, 404: "That provider is not offered here" },
    fixture: { matrix: { path: { provider: "google" }, query: { state: "forged", code: "forged" } } },
  }),
  op("POST /api/auth/oidc/{provider}/callback", {
    summary:
      "Apple's form_post answer (application/x-www-form-urlencoded, posted cross-site without cookies: the state is the authority): kept on the flow its state names, once, and the browser sent on to the GET callback, which holds the cookie and finishes",
    access: { ...signedLink, who: "The provider's form_post (no session: the answer's state is the authority)" },
    ok: { description: "The GET callback the browser is sent on to (303)", contentType: "text/html" },
    errors: { 303: "Sent on to the GET callback, or to the login page when the answer has no state", 404: "That provider is not offered here" },
    fixture: { matrix: { path: { provider: "apple" } } },
  }),
  op("GET /api/account/sign-ins", {
    summary: "The account's linked sign-ins (Google, Apple), oldest first",
    access: member,
    paging: { unpaged: "at most one sign-in per provider" },
    ok: { description: "The linked sign-ins", schema: z.object({ signIns: z.array(linkedSignInSchema) }) },
    errors: { 403: "A guest account" },
    fixture: { matrix: {} },
  }),
  op("POST /api/account/sign-ins", {
    summary: "Start linking Google or Apple to the signed-in account: the provider's authorization URL; its callback links the provider account signed in there",
    access: member,
    body: linkSchema,
    ok: { description: "The URL to open", schema: redirectSchema },
    errors: { 403: "A guest account", 404: "That provider is not offered here" },
    fixture: { matrix: { body: { provider: "google" } }, fuzz: { valid: { provider: "apple" } } },
  }),
  op("DELETE /api/account/sign-ins/{id}", {
    summary: "Remove one of the account's linked sign-ins while another way in remains (a password, a passkey or another link)",
    access: author,
    ok: { description: "Removed", schema: messageSchema },
    errors: { 404: "Not one of the account's linked sign-ins", 409: "The account's only way to sign in" },
    fixture: { matrix: { status: 404, path: { id: 999999 } } },
  }),
];
