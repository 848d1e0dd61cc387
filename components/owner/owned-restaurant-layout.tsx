import type { ReactNode } from "react";
import { ownedRestaurantFor } from "./page-data";

// Settles "is this your restaurant" before the segment's loading.tsx starts streaming, so a
// stranger gets a real 404 status rather than a 200 carrying the not-found page.
export default async function OwnedRestaurantLayout({ children, params }: { children: ReactNode; params: Promise<{ id: string }> }) {
  await ownedRestaurantFor((await params).id);
  return children;
}
