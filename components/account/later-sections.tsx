"use client";
import { lazy, Suspense, type ComponentProps } from "react";

// /account's sections that need no JavaScript to be read, each in its own chunk loaded after the
// page: not first-load JavaScript (bench/first-load-js.mjs; the account page sits at its ceiling).
// The server renders each section whole; the browser hydrates it once its chunk arrives. Plain
// React.lazy: the retrying lazyComponent (lib/client/lazy-component.ts) would put the page 0.1 KB
// over its ceiling.
const later = () => import("./later-parts");
const TextMessages = lazy(() => later().then((m) => ({ default: m.TextMessages })));
const LinkedSignIns = lazy(() => later().then((m) => ({ default: m.LinkedSignIns })));

/** The account's numbers for texts (components/texts/text-messages.tsx). */
export function LazyTextMessages(props: ComponentProps<typeof TextMessages>) {
  return (
    <Suspense fallback={null}>
      <TextMessages {...props} />
    </Suspense>
  );
}

/** The account's Google and Apple sign-ins (components/account/linked-sign-ins.tsx). */
export function LazyLinkedSignIns(props: ComponentProps<typeof LinkedSignIns>) {
  return (
    <Suspense fallback={null}>
      <LinkedSignIns {...props} />
    </Suspense>
  );
}
