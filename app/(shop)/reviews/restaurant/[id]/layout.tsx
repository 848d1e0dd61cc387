import type { ReactNode } from "react";
import { findRestaurant } from "@/lib/server/web/page-data";

// Settles "does this restaurant exist" before loading.tsx starts streaming, so an unknown or
// junk id answers with a real 404 status.
export default async function RestaurantReviewsLayout({ children, params }: { children: ReactNode; params: Promise<{ id: string }> }) {
  await findRestaurant((await params).id);
  return children;
}
