import { expect, test, type Page } from "../fixtures";
import { expectAccessible, shoot } from "../support/pages";

// /search's filters from the first paint (docs/architecture/search.md, "The search screens"): a
// phone that follows the top bar's search draws them folded under "Filters", styled, in every frame
// from the first, not unfolded until the script runs; the same page with its scripts held shows it
// so; wide, they are their column; without JavaScript they stay unfolded with "Apply".

type Frame = { filters: boolean; display: string | null; button: string | null; list: string | null; hydrated: boolean };

/** Records, for every frame of every document from its start, how /search's filters are drawn (sessionStorage "frames"). */
async function recordFrames(page: Page) {
  await page.addInitScript(() => {
    if (!location.pathname.startsWith("/search")) return;
    const frames: unknown[] = [];
    const started = performance.now();
    const tick = () => {
      const filters = document.getElementById("search-filters");
      const button = document.querySelector('[aria-controls="search-filters"]');
      const list = filters?.querySelector("ul");
      frames.push({
        filters: Boolean(filters),
        display: filters ? getComputedStyle(filters).display : null,
        button: button ? getComputedStyle(button).display : null,
        list: list ? getComputedStyle(list).listStyleType : null,
        // The page fixture's commit hook (support/pages.ts gotoHydrated) marks React's first commit.
        hydrated: (window as unknown as Record<string, boolean>).__noshCommitted === true,
      });
      sessionStorage.setItem("frames", JSON.stringify(frames));
      if (performance.now() - started < 5000) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
}

const framesOf = (page: Page) => page.evaluate(() => JSON.parse(sessionStorage.getItem("frames") ?? "[]") as Frame[]);
const held = (page: Page) => page.route(/\/_next\/static\/chunks\/.*\.js/, (route) => route.abort());

test("a search from the top bar on a phone draws the filters folded under Filters, styled, from its first frame", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await recordFrames(page);
  await page.goto("/home");
  await page.waitForLoadState("networkidle");
  const box = page.getByRole("combobox", { name: "Search restaurants and dishes" });
  await box.click();
  await box.fill("pizza");
  await page.keyboard.press("Enter");
  await page.waitForURL(/\/search\?q=pizza/);
  await expect(page.getByRole("button", { name: "Filters" })).toHaveAttribute("aria-expanded", "false");
  await expect.poll(async () => (await framesOf(page)).some((frame) => frame.filters && frame.hydrated)).toBe(true);
  const drawn = (await framesOf(page)).filter((frame) => frame.filters);
  // Frames drawn before the scripts ran (a kept page runs them after its first paint: server/paint-first.mjs), and after.
  expect(drawn.filter((frame) => !frame.hydrated).length).toBeGreaterThan(0);
  // Every frame with the filters in it, before the script ran and after: folded, the button shown, their lists styled.
  for (const frame of drawn) expect(frame).toMatchObject({ display: "none", list: "none" });
  for (const frame of drawn) expect(frame.button).not.toBe("none");
  await page.getByRole("button", { name: "Filters" }).click();
  await expect(page.locator("#search-filters")).toBeVisible();
  await expectAccessible(page, "search filters open at 390");
});

test("/search with its scripts held: folded under Filters on a phone, a column when wide; without JavaScript, unfolded with Apply", async ({
  page,
  browser,
  baseURL,
}) => {
  await held(page);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    // Not waiting for hydration (goto's "commit"): there is none while the scripts are held.
    await page.goto("/search?q=pizza", { waitUntil: "commit" });
    await page.waitForLoadState("domcontentloaded");
    // The results streamed in (React's inline swap, which runs without the held scripts).
    await expect(page.locator("#search-restaurants-title")).toBeVisible();
    const filters = page.locator("#search-filters");
    const button = page.getByRole("button", { name: "Filters" });
    if (width === 390) {
      await expect(filters).toBeHidden();
      await expect(button).toBeVisible();
      // The results start on the first screen, not below every filter.
      expect((await page.locator("#search-restaurants-title").boundingBox())!.y).toBeLessThan(900);
    } else {
      await expect(filters).toBeVisible();
      await expect(button).toBeHidden();
    }
    expect(await filters.evaluate((element) => getComputedStyle(element.querySelector("ul")!).listStyleType)).toBe("none");
    await expect(page.getByRole("button", { name: "Apply filters" })).toBeHidden();
    await page.screenshot({ path: `${process.env.SCREENSHOT_DIR ?? "test-results"}/search-first-paint-${width}.png` });
  }

  const noScript = await browser.newContext({ baseURL, javaScriptEnabled: false, viewport: { width: 390, height: 900 } });
  const plain = await noScript.newPage();
  await plain.goto("/search?q=pizza");
  // Computed styles (the streamed results wait for React's swap, which needs JavaScript): the filters unfolded, "Apply" shown, no "Filters".
  const drawn = await plain.evaluate(() => {
    const display = (selector: string) => getComputedStyle(document.querySelector(selector)!).display;
    return { filters: display("#search-filters"), apply: display("[data-apply]"), button: display('[aria-controls="search-filters"]') };
  });
  expect(drawn).toMatchObject({ filters: "block", button: "none" });
  expect(drawn.apply).not.toBe("none");
  await noScript.close();
});

test("the search page after hydration, at 390 and 1280 px", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 900 });
  await page.goto("/search?q=pizza");
  await expect(page.getByRole("button", { name: "Filters" })).toBeVisible();
  await shoot(page, "search-hydrated");
});
