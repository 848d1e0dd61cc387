"use client";
import { useState } from "react";

/**
 * True from the first time `open` is true on: a lazily loaded dialog or panel (React.lazy)
 * mounts on first opening and then stays mounted, keeping its state, like a static one.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
