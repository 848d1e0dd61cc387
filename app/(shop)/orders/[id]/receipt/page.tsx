import type { Metadata } from "next";
import { ReceiptView } from "@/components/receipts/receipt-view";
import { PageHeader } from "@/components/ui/page-header";
import { orderReceipt } from "@/lib/server/receipts/receipt";
import { orNotFound, pageId } from "@/lib/server/web/page";
import { requirePageUser } from "@/lib/server/web/session";

type ReceiptPageProps = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: ReceiptPageProps): Promise<Metadata> {
  return { title: `Receipt for order #${pageId((await params).id)}` };
}

// An order's itemised receipt and its PDF: the customer who placed it only; anyone else's order,
// and an order still at checkout, is the order's 404 page.
export default async function ReceiptPage({ params }: ReceiptPageProps) {
  const user = await requirePageUser();
  const receipt = await orNotFound(orderReceipt(user, pageId((await params).id)));
  return (
    <div className="container">
      <PageHeader title="Receipt" subtitle={`Order #${receipt.orderId} from ${receipt.restaurantName}`} />
      <ReceiptView receipt={receipt} />
    </div>
  );
}
