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
