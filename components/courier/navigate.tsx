"use client";
import { useSyncExternalStore } from "react";
import { buttonClass } from "@/components/ui/button";
import type { Words } from "@/lib/i18n/words";
import { navigationUrl } from "@/lib/shared/delivery/directions";
import { fill } from "@/lib/shared/words/fill";

const noSubscription = () => () => undefined;

/**
 * "Navigate": the next stop's point in the phone's maps app (lib/shared/delivery/directions.ts). A web
 * address opens beside the courier app (its position reports go on); a `geo:` URI hands over to
 * the maps app the courier chose.
 */
export function Navigate({ stop, w }: { stop: { lat: number; lng: number; address: string }; w: Words<"courier">["job"] }) {
  const userAgent = useSyncExternalStore(
    noSubscription,
    () => navigator.userAgent,
    () => "",
  );
  const href = navigationUrl(stop, userAgent);
  const web = href.startsWith("https:");
  return (
    <a className={buttonClass({ variant: "secondary", size: "large" })} href={href} {...(web ? { target: "_blank", rel: "noopener noreferrer" } : {})}>
      {w.navigate}
      <span className="sr-only">{fill(w.navigateTo, { address: stop.address })}</span>
    </a>
  );
}
