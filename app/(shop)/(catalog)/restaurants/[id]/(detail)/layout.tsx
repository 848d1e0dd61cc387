import type { ReactNode } from "react";
import { findRestaurant } from "@/lib/server/web/page-data";

// Settles "does this restaurant exist" before anything of the page is sent, so an unknown or
// junk id answers with a real 404 status rather than a 200 carrying the not-found page. (The
// page has no loading.tsx: a catalog page is sent whole, docs/log/performance.md "Page performance".)
export default async function RestaurantLayout({ children, params }: { children: ReactNode; params: Promise<{ id: string }> }) {
  await findRestaurant((await params).id);
  return children;
}
