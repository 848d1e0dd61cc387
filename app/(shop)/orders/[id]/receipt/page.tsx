import type { Metadata } from "next";
import { ReceiptView } from "@/components/receipts/receipt-view";
import { PageHeader } from "@/components/ui/page-header";
import { orderReceipt } from "@/lib/server/receipts/receipt";
import { orNotFound, pageId } from "@/lib/server/web/page";
import { requirePageUser } from "@/lib/server/web/session";
import { getWords, requestLocale } from "@/lib/i18n/translate";
import { fill } from "@/lib/shared/words/fill";

type ReceiptPageProps = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: ReceiptPageProps): Promise<Metadata> {
  return { title: fill((await getWords("orderflow")).receipt.pageTitle, { id: pageId((await params).id) }) };
}

// An order's itemised receipt and its PDF: the customer who placed it only; anyone else's order,
// and an order still at checkout, is the order's 404 page.
export default async function ReceiptPage({ params }: ReceiptPageProps) {
  const user = await requirePageUser();
  const [flow, locale] = await Promise.all([getWords("orderflow"), requestLocale()]);
  // The receipt's lines, status, payment and time in the reader's language, as its PDF's.
  const receipt = await orNotFound(orderReceipt(user, pageId((await params).id), locale));
  const w = flow.receipt;
  return (
    <div className="container">
      <PageHeader title={w.title} subtitle={fill(w.subtitle, { id: receipt.orderId, restaurant: receipt.restaurantName })} />
      <ReceiptView receipt={receipt} words={w} locale={locale} />
    </div>
  );
}
