import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { RecordNotFound } from "@/components/record-not-found";
import { getWords } from "@/lib/i18n/translate";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getWords("orderflow")).notFound.title };
}

// An unknown id, or another customer's order (404 as the API answers it: nothing says it exists).
export default async function OrderNotFound() {
  const w = (await getWords("orderflow")).notFound;
  return (
    <RecordNotFound icon="receipt" title={w.title} more={<Link href="/orders">{w.seeOrders}</Link>}>
      {w.text}
    </RecordNotFound>
  );
}
