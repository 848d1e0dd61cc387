// Where an alert sits (issue 61 item 7), loaded with the first alert: alerts-provider.tsx is in
// every page's first-load JavaScript.

/**
 * The control last pressed outside the alerts (from the first alert on): a button disabled while
 * its request runs loses the focus, and an alert's own action ("Continue as guest") is gone with
 * it, so the alert that follows keeps clear of the control that led to it (the Add).
 */
let pressed: Element | null = null;
const press = (event: Event) => {
  if (event.target instanceof Element && !event.target.closest("[data-alerts]")) pressed = event.target;
};
document.addEventListener("pointerdown", press, true);
document.addEventListener("keydown", press, true);

/** How much of `box` the rectangle `cover` hides, in px². */
function overlap(cover: DOMRect, box: DOMRect): number {
  const width = Math.min(cover.right, box.right) - Math.max(cover.left, box.left);
  const height = Math.min(cover.bottom, box.bottom) - Math.max(cover.top, box.top);
  return width > 0 && height > 0 ? width * height : 0;
}

/**
 * The alert sits at its edge (the top on a desktop, the bottom on a phone) unless it would cover
 * the control in use (the focused one or the one last pressed, and the card or form around it): then at the other edge,
 * whichever hides less of it.
 */
export function placeAlert(alert: HTMLElement) {
  const region = alert.parentElement;
  if (!region) return;
  region.removeAttribute("data-flipped");
  const active = document.activeElement;
  const inUse = active && active !== document.body && !region.contains(active) ? active : null;
  const focused = inUse ?? (pressed?.isConnected ? pressed : null);
  if (!focused) return;
  const work = focused.closest("li, article, form, [role=dialog]") ?? focused;
  // The card after it too: a menu's next Add is where the customer goes on.
  const next = work !== focused ? work.nextElementSibling : null;
  const covered = () => {
    const cover = region.getBoundingClientRect();
    const after = next ? overlap(cover, next.getBoundingClientRect()) : 0;
    return overlap(cover, focused.getBoundingClientRect()) * 1000 + overlap(cover, work.getBoundingClientRect()) + after;
  };
  const atEdge = covered();
  if (atEdge === 0) return;
  region.setAttribute("data-flipped", "");
  if (covered() >= atEdge) region.removeAttribute("data-flipped");
}
