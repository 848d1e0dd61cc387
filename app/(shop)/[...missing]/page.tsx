import type { Metadata } from "next";
import { notFound } from "next/navigation";

// The tab says what the page says (the 404 boundary's own metadata does not reach the title here).
export const metadata: Metadata = { title: "Feature Coming Soon!" };

// Any path no route matches lands here, inside the store layout, so its 404 page
// ((shop)/not-found.tsx) gets the store's top bar from the layout. The root not-found page
// could only bring that top bar itself, and Next ships the root not-found's client code with
// every route: checkout, which has its own bar, would carry the store's too (about 6 KB gzip
// of first-load JavaScript).
export default function MissingPage(): never {
  notFound();
}
