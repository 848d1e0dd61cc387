import "server-only";
import { notFound, redirect } from "next/navigation";
import { idTextOf } from "@/lib/contract/common/id-rules";
import type { Operator } from "../platform/operator";
import { ACCEPT_PATH } from "@/lib/shared/people/legal";
import { mustAccept } from "../legal/documents";
import { ApiError } from "../platform/errors";
import { requirePageUser, type SignedInUser } from "./session";

// The pages' twin of ./http.ts: the same id rule and the same data-layer calls, answered the
// way a page answers. Where a handler gets a 400 or a 404 JSON body, a page renders the
// not-found page with a real 404 status; where a handler gets a 401, a page redirects.
// Signed-in pages start from requirePageUser (./session.ts), as handlers start from handle()'s access.

/** A route parameter that must be an id (lib/contract/common/id-rules.ts); junk renders the 404 page. */
export function pageId(raw: string | string[] | undefined): number {
  const result = idTextOf().safeParse(raw);
  if (!result.success) notFound();
  return result.data;
}

/** A query value that may name an id: its number, or null for anything else (no 404: the page still renders). */
export function optionalPageId(raw: string | string[] | undefined): number | null {
  const result = idTextOf().safeParse(raw);
  return result.success ? result.data : null;
}

/**
 * The record a data-layer call loads, or the page's 404: the call's not-found ApiError and a
 * null answer both render the not-found page, exactly as the API answers a 404. Any other
 * error propagates (the error page, a 500).
 */
export async function orNotFound<T>(load: Promise<T>): Promise<NonNullable<T>> {
  let value: T;
  try {
    value = await load;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) notFound();
    throw error;
  }
  if (value === null || value === undefined) notFound();
  return value;
}

/**
 * For pages that need a full account: anonymous visitors go to /login, guests to `guestTo`
 * (the signup offer by default; guests cannot own restaurants or edit a profile).
 */
export async function requireAccountPage(guestTo = "/signup"): Promise<SignedInUser> {
  const user = await requirePageUser();
  if (user.guestAccount) redirect(guestTo);
  return user;
}

/**
 * For /admin pages: anonymous visitors go to /login; anyone signed in who is not an operator gets
 * the 404 page, so the console does not even show that it exists (the API's 403 is platform/operator.ts asOperator).
 */
export async function requireOperatorPage(): Promise<Operator> {
  const user = await requirePageUser();
  if (!user.operator) notFound();
  return { id: user.id, firstName: user.firstName };
}

/**
 * An owner's or a courier's page: when a legal document they accepted has a newer version, they
 * accept it first on the accept page (docs/architecture/legal.md), which brings them back to `next`.
 */
export async function requireCurrentAgreements(user: SignedInUser, next: string): Promise<void> {
  if (await mustAccept(user)) redirect(`${ACCEPT_PATH}?next=${encodeURIComponent(next)}`);
}
