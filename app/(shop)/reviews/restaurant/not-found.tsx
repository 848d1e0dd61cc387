import type { Metadata } from "next";
import { RecordNotFound } from "@/components/record-not-found";
import { getT } from "@/lib/i18n/translate";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT("browse.reviews.pages"))("notFound") };
}

// Beside [id] rather than in it: [id]/layout.tsx settles the restaurant, and a layout's notFound() reaches its parent's boundary.
export default async function ReviewsRestaurantNotFound() {
  const t = await getT("browse.reviews.pages");
  return (
    <RecordNotFound icon="store" title={t("notFound")}>
      {t("notFoundText")}
    </RecordNotFound>
  );
}
