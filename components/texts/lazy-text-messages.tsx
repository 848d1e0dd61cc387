"use client";
import { lazy, Suspense, type ComponentProps } from "react";

// /account's text messages in their own chunk, loaded after the page: not first-load JavaScript
// (bench/first-load-js.mjs; the account page sits at its ceiling). The server renders the section
// whole; the browser hydrates it once its chunk arrives.
const TextMessages = lazy(() => import("./text-messages").then((m) => ({ default: m.TextMessages })));

/** The account's numbers for texts (components/texts/text-messages.tsx), loaded after the page. */
export function LazyTextMessages(props: ComponentProps<typeof TextMessages>) {
  return (
    <Suspense fallback={null}>
      <TextMessages {...props} />
    </Suspense>
  );
}
