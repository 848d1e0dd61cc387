"use client";
import { lazy, Suspense, type ComponentProps } from "react";

// The reply form loads after the queue's own code (the route's first-load budget); the server still renders it.
const Reply = lazy(() => import("./support-reply").then((m) => ({ default: m.SupportReply })));

/** An operator's reply to a support message (support-reply.tsx). */
export function SupportReplyForm(props: ComponentProps<typeof Reply>) {
  return (
    <Suspense fallback={null}>
      <Reply {...props} />
    </Suspense>
  );
}
