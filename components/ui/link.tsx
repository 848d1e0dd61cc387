"use client";
import { createContext, useContext, useTransition, type AnchorHTMLAttributes, type MouseEvent } from "react";
import { useRouter } from "next/navigation";

// The app's <Link>: a plain <a> whose ordinary clicks navigate on the client through the App
// Router (useRouter, already in the framework chunks every page loads). next/link costs about
// 3 KB gzip of first-load JavaScript on every route (its viewport prefetcher, URL-object
// formatting, ref merging) and the budget leaves a page little more (docs/log/performance.md);
// this one prefetches on intent (pointer over, focus, touch) instead of on sight. eslint.config.mjs
// points imports of next/link here.

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & {
  href: string;
  /** false keeps the scroll position (filters that re-render the same page), as next/link's. */
  scroll?: boolean;
  /** Replace the history entry instead of pushing one. */
  replace?: boolean;
};

const LinkStatus = createContext({ pending: false });

/** Inside a <Link>: whether the page it opens is still on its way (as next/link's useLinkStatus). */
export function useLinkStatus() {
  return useContext(LinkStatus);
}

/** A click the browser should handle itself: a new tab or window, a download, another site, a named target. */
function leaveToBrowser(event: MouseEvent<HTMLAnchorElement>): boolean {
  const anchor = event.currentTarget;
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return true;
  if (anchor.hasAttribute("download") || (anchor.target && anchor.target !== "_self")) return true;
  return anchor.origin !== window.location.origin;
}

export default function Link({ href, scroll, replace, onClick, onPointerEnter, onFocus, onTouchStart, children, ...rest }: LinkProps) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const prefetch = () => router.prefetch(href);
  return (
    <a
      {...rest}
      href={href}
      onClick={(event) => {
        onClick?.(event);
        if (leaveToBrowser(event)) return;
        event.preventDefault();
        const options = { scroll: scroll !== false };
        startTransition(() => (replace ? router.replace(href, options) : router.push(href, options)));
      }}
      onPointerEnter={(event) => {
        onPointerEnter?.(event);
        prefetch();
      }}
      onFocus={(event) => {
        onFocus?.(event);
        prefetch();
      }}
      onTouchStart={(event) => {
        onTouchStart?.(event);
        prefetch();
      }}
    >
      <LinkStatus.Provider value={{ pending }}>{children}</LinkStatus.Provider>
    </a>
  );
}
