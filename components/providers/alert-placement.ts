// Where an alert sits, loaded with the first alert: alerts-provider.tsx is in
// every page's first-load JavaScript.

type Box = { left: number; top: number; right: number; bottom: number };

/**
 * What an alert keeps clear of, most important first: the control, the card or form around it,
 * and the next item of its list (a menu's next dish, where the customer goes on).
 */
function workOf(control: Element): Element[] {
  const work = control.closest("li, article, form, [role=dialog]") ?? control;
  const next = control.closest("li")?.nextElementSibling;
  return [control, work, ...(next ? [next] : []), ...stepsOf(control, work)];
}

/** The card's other buttons and links (its next step: "Mark ready" beside the "+5" pressed), at most a few. */
const stepsOf = (control: Element, work: Element): Element[] =>
  work === control ? [] : [...work.querySelectorAll("button, a[href]")].filter((step) => step !== control).slice(0, 8);

/** How much a box of workOf counts, by its place: the control most, the card and the next item by area, the card's other controls between. */
const weightOf = (index: number, length: number, steps: number) => (index === 0 ? 1000 : index >= length - steps ? 100 : 1);

/** Boxes in the document's coordinates, so they stay right after the page scrolls. */
const onPage = (element: Element): Box => {
  const box = element.getBoundingClientRect();
  return { left: box.left + scrollX, top: box.top + scrollY, right: box.right + scrollX, bottom: box.bottom + scrollY };
};

/**
 * The control last pressed outside the alerts, and where it and its work were then: a button
 * disabled while its request runs loses the focus, and an alert's own action ("Continue as
 * guest") is gone with it, as may be the control itself once the page re-renders, so the alert
 * that follows still keeps clear of the control that led to it (the Add). This module loads with
 * the first alert, after the press that caused it: the focused control then is that press's.
 */
let pressed: Element | null = null;
let pressedWork: Box[] = [];
let pressedSteps = 0;
const stepCount = (control: Element) => stepsOf(control, control.closest("li, article, form, [role=dialog]") ?? control).length;
const remember = (target: EventTarget | null) => {
  if (!(target instanceof Element) || target === document.body || target.closest("[data-alerts]")) return;
  pressed = target;
  pressedWork = workOf(target).map(onPage);
  pressedSteps = stepCount(target);
};
remember(document.activeElement);
const press = (event: Event) => remember(event.target);
document.addEventListener("pointerdown", press, true);
document.addEventListener("keydown", press, true);

/** How much of `box` the rectangle `cover` hides, in px². */
function overlap(cover: Box, box: Box): number {
  const width = Math.min(cover.right, box.right) - Math.max(cover.left, box.left);
  const height = Math.min(cover.bottom, box.bottom) - Math.max(cover.top, box.top);
  return width > 0 && height > 0 ? width * height : 0;
}

/**
 * The alert sits at its edge (the top on a desktop, the bottom on a phone) unless it would cover
 * the control in use (the focused one or the one last pressed, its card's other controls, and the
 * card or form around it, and the next one): then at the other edge, whichever hides less of it.
 */
export function placeAlert(alert: HTMLElement) {
  const region = alert.parentElement;
  if (!region) return;
  region.removeAttribute("data-flipped");
  const active = document.activeElement;
  const inUse = active && active !== document.body && !region.contains(active) ? active : null;
  // In the viewport's coordinates: the focused control's boxes now, else the pressed one's (as they were, when it is gone).
  const control = inUse ?? (pressed?.isConnected ? pressed : null);
  const boxes = control
    ? workOf(control).map((element) => element.getBoundingClientRect())
    : pressedWork.map((box) => ({ left: box.left - scrollX, top: box.top - scrollY, right: box.right - scrollX, bottom: box.bottom - scrollY }));
  if (!boxes.length) return;
  const steps = control ? stepCount(control) : pressedSteps;
  const covered = () => {
    const cover = region.getBoundingClientRect();
    return boxes.reduce((sum, box, index) => sum + overlap(cover, box) * weightOf(index, boxes.length, steps), 0);
  };
  const atEdge = covered();
  if (atEdge === 0) return;
  region.setAttribute("data-flipped", "");
  if (covered() >= atEdge) region.removeAttribute("data-flipped");
}
