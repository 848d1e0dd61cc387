import type { Page } from "@playwright/test";

// Nothing scrolls sideways on a phone (e2e/platform/phone-width.journey.spec.ts, and in Spanish
// and the mirror e2e/languages/phone-width.journey.spec.ts).

/**
 * How far the page scrolls sideways, and the element reaching furthest past the screen's end
 * when it does (its right, or its left on a page laid out right to left: px from the start side),
 * leaving out what a box of its own scrolls.
 */
export async function overflow(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const scroll = document.scrollingElement!.scrollWidth;
    const rtl = getComputedStyle(document.documentElement).direction === "rtl";
    // Placed on the screen, or inside a box that scrolls or clips sideways (a strip of links, a table's frame): not what widens the page.
    const held = (element: Element) => {
      for (let box: Element | null = element; box && box !== document.body; box = box.parentElement) {
        const style = getComputedStyle(box);
        if (style.position === "fixed" || (box !== element && style.overflowX !== "visible")) return true;
      }
      return false;
    };
    let widest = "";
    if (scroll > width) {
      let furthest = 0;
      for (const element of document.querySelectorAll("body *")) {
        const box = element.getBoundingClientRect();
        const reach = rtl ? width - box.left : box.right;
        if (reach > furthest && box.width > 0 && !held(element)) {
          furthest = reach;
          widest = `${element.tagName.toLowerCase()}.${(element.getAttribute("class") ?? "").slice(0, 60)} (${Math.round(reach)} px)`;
        }
      }
    }
    return { extra: Math.max(scroll, window.innerWidth) - width, widest };
  });
}

/**
 * The targets under `root` that fail WCAG 2.2's target size (2.5.8, AA): smaller than 24 x 24 px
 * and with a 24 px circle on their centre that meets another target or another small target's
 * circle. A link inside a sentence is exempt (the rule's inline exception). Each failure names the
 * target, its size and its nearest neighbour.
 */
export async function smallTargets(page: Page, root = "main") {
  return page.evaluate((root) => {
    const selector = "a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], [role=link], [role=tab]";
    const visible = (element: Element) => {
      const box = element.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== "hidden";
    };
    // A link in running text (its block holds text of its own besides the link) is inline: exempt.
    const inline = (element: Element) =>
      element.tagName === "A" &&
      getComputedStyle(element).display === "inline" &&
      (element.parentElement?.textContent ?? "").trim().length > (element.textContent ?? "").trim().length + 20;
    const targets = [...document.querySelectorAll(`${root} :is(${selector})`)]
      // A control inside a label is the label's target: the label is measured instead.
      .map((element) => (element.tagName === "INPUT" && element.closest("label") ? element.closest("label")! : element))
      .filter((element, index, all) => all.indexOf(element) === index && visible(element) && !inline(element));
    const boxes = targets.map((element) => ({ element, box: element.getBoundingClientRect() }));
    const name = (element: Element) => `${element.tagName.toLowerCase()} "${(element.textContent || element.getAttribute("aria-label") || "").trim().slice(0, 40)}"`;
    const centre = (box: DOMRect) => [box.x + box.width / 2, box.y + box.height / 2];
    const small = (box: DOMRect) => box.width < 24 || box.height < 24;
    const circleMeetsBox = ([cx, cy]: number[], box: DOMRect) => {
      const dx = Math.max(box.left - cx, 0, cx - box.right);
      const dy = Math.max(box.top - cy, 0, cy - box.bottom);
      return Math.hypot(dx, dy) < 12;
    };
    const failures: string[] = [];
    for (const { element, box } of boxes) {
      if (!small(box)) continue;
      const c = centre(box);
      const near = boxes.find(
        (other) =>
          other.element !== element &&
          !other.element.contains(element) &&
          !element.contains(other.element) &&
          (circleMeetsBox(c, other.box) || (small(other.box) && Math.hypot(c[0] - centre(other.box)[0], c[1] - centre(other.box)[1]) < 24)),
      );
      if (near) failures.push(`${name(element)} ${Math.round(box.width)}x${Math.round(box.height)} near ${name(near.element)}`);
    }
    return failures;
  }, root);
}
