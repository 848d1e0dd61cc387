import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { PayLinkView } from "@/components/checkout/pay-link-view";
import { readPayLink } from "@/lib/server/payments/pay-link";
import { ApiError } from "@/lib/server/platform/errors";
import { getWords, requestLocale } from "@/lib/i18n/translate";

type PayPageProps = { params: Promise<{ token: string }> };

// A phone order's payment link (docs/architecture/phone-orders.md "Paid by a link"): the link's
// token is the authority, no account. A wrong or expired token, or an order no longer open: the not-found page.
export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getWords("orderflow")).payLink.pageTitle, robots: { index: false, follow: false }, referrer: "no-referrer" };
}

/** The link's order (a wrong or expired token: the not-found page) and the render's time (the expiry of another day names it). */
async function load(token: string) {
  const view = await readPayLink(token).catch((error: unknown) => {
    if (error instanceof ApiError && error.status === 404) notFound();
    throw error;
  });
  return { view, renderedAt: Date.now() };
}

export default async function PayPage({ params }: PayPageProps) {
  const { token } = await params;
  const [{ view, renderedAt }, words, locale] = await Promise.all([load(token), getWords("orderflow"), requestLocale()]);
  return <PayLinkView token={token} initial={view} renderedAt={renderedAt} words={words.payLink} cards={words.cards} locale={locale} />;
}
