"use client";
import type { ComponentProps } from "react";
import { useHydrated } from "./use-hydrated";

/**
 * A server-rendered control's `disabled`: also until React owns the page, where a tap did
 * nothing (a kept page paints before its scripts run: server/paint-first.mjs), so a quick
 * second tap counted alone and a first one was lost. Meanwhile `data-hydrating` draws it as it
 * will be (app/globals.css), not greyed. Spread on the control; a button: LiveButton.
 */
export function useLiveControl(disabled = false): { disabled: boolean; "data-hydrating"?: "" } {
  const hydrated = useHydrated();
  return hydrated || disabled ? { disabled } : { disabled: true, "data-hydrating": "" };
}

/** A `<button type="button">` that takes taps once React owns the page (useLiveControl): a page's server-rendered button whose tap runs a script. */
export function LiveButton({ disabled, ...props }: ComponentProps<"button">) {
  const live = useLiveControl(disabled);
  return <button type="button" {...props} {...live} />;
}
