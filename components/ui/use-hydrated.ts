import { useSyncExternalStore } from "react";

const noSubscription = () => () => undefined;

/**
 * False in the server's HTML and during hydration, true once React owns the page. A form the
 * server renders keeps its fields disabled until then: a phone that shows the HTML before the
 * form's chunk has run would otherwise take a tick or typing that hydration resets (React's
 * controlled state never saw it), and a Submit the browser sends as a plain GET.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
