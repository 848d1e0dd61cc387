import { z } from "zod";
import { LEGAL_KINDS } from "@/lib/shared/people/legal";
import { legalAcceptSchema, legalPublishSchema } from "@/lib/contract/legal/rules";
import { op, operator, signedIn } from "../define";

// The legal documents (docs/architecture/legal.md): a person's acceptances and the accept page's
// call; an operator's new version.
const kind = z.enum(LEGAL_KINDS);
const acceptedSchema = z.array(z.object({ kind, version: z.number().int() }));
export const acceptancesSchema = z.object({
  accepted: z.array(z.object({ kind, version: z.number().int(), via: z.string(), acceptedAt: z.string() })),
  pending: z.array(z.object({ kind, version: z.number().int(), title: z.string() })),
});

export const legalOperations = [
  op("GET /api/legal/acceptances", {
    summary:
      "The versions of the legal documents the signed-in person accepted (at sign-up, adding a restaurant, applying to deliver, or on the accept page) and, for an owner or a courier, the documents whose current version they must accept",
    access: signedIn,
    paging: { unpaged: "a handful: one row per document version accepted" },
    ok: { description: "Accepted and pending documents", schema: acceptancesSchema },
    fixture: { matrix: {} },
  }),
  op("POST /api/legal/acceptances", {
    summary:
      "Accepts the current version of the documents listed (each with the version the person read); documents the accept page does not ask of them are left out. Accepting again changes nothing",
    access: signedIn,
    body: legalAcceptSchema,
    ok: { description: "The versions recorded", schema: z.object({ accepted: acceptedSchema }) },
    errors: { 409: "A version listed is no longer the current one (a newer one was published)" },
    // The terms: no spec publishes a new version of them, so version 1 stays current.
    fixture: { matrix: { body: { documents: [{ kind: "terms", version: 1 }] } }, fuzz: { valid: { documents: [{ kind: "terms", version: 1 }] } } },
  }),
  op("POST /api/admin/legal", {
    summary:
      "Publishes the next version of a legal document (Markdown; the earlier versions are kept and stay readable at /legal/{kind}?version=N); owners and couriers are asked to accept it on their next visit; audited (`reason` optional). With a `language` besides `en`: the translation of the version in effect (`version`, when sent, must be it), replacing an earlier translation of it; nobody is asked to accept again",
    access: operator,
    body: legalPublishSchema,
    ok: {
      status: 201,
      description: "The version published",
      schema: z.object({ kind, version: z.number().int(), language: z.string(), title: z.string(), publishedAt: z.string() }),
    },
    errors: { 409: "Another operator published a version at the same moment, or the version translated is no longer in effect" },
    // The cookie notice, which nobody is asked to accept: a new version of it sends no owner or
    // courier of the other specs to the accept page.
    fixture: {
      matrix: { before: ["$ownerIsCourier"], body: { kind: "cookies", title: "Cookie Notice", body: "Matrix check.", reason: "Matrix check" } },
      fuzz: { valid: { kind: "cookies", title: "Cookie Notice", body: "Fuzz check." } },
    },
  }),
];
