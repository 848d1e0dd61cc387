import type { Metadata } from "next";
import { unitWords } from "@/lib/shared/delivery/distance";
import { BackLink } from "@/components/owner/back-link";
import { OrderBoard } from "@/components/owner/order-board";
import { LazyKitchenControls } from "@/components/owner/kitchen-controls-lazy";
import { LazyPrinterStatus } from "@/components/owner/printer-status-lazy";
import { restaurantJson } from "@/lib/server/restaurants/restaurants";
import { boardRestaurantFor } from "@/lib/server/web/page-data";
import styles from "@/components/owner/board.module.css";
import { withActions } from "@/lib/server/team/order-actions";
import { PageHeader } from "@/components/ui/page-header";
import { getBoard } from "@/lib/server/orders/incoming";
import { incomingOrderToJson } from "@/lib/server/orders/to-json";
import { LazyProblemDecisions } from "@/components/problems/problem-decisions-lazy";
import { listRestaurantProblems } from "@/lib/server/problems/list";
import { getT, getWords, requestLocale } from "@/lib/i18n/translate";
import { reasonWords } from "@/lib/server/web/stored-texts";
import { config } from "@/lib/server/platform/config";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT("kitchen"))("boardPage.title") };
}

/** The board as read now, and when: the cards' "minutes ago" at hydration count from the server's clock. */
async function loadBoard(...args: Parameters<typeof getBoard>) {
  return { board: await getBoard(...args), renderedAt: Date.now() };
}

// The restaurant's live order board (its owner and team, or a kitchen tablet paired to it: someone
// else's restaurant is the 404 page). The server renders the board as it is; the browser re-reads it
// on every (re)connection to the restaurant's event stream and after every event
// (components/owner/order-board.tsx). On a tablet (docs/architecture/kitchen.md "A board that lives
// on a tablet"): no way back to the owner's pages, no phone orders, big targets.
export default async function OrderBoardPage({ params }: { params: Promise<{ id: string }> }) {
  const { user, role, restaurant, device } = await boardRestaurantFor((await params).id);
  const { board, renderedAt } = await loadBoard(user, restaurant.id);
  const json = await restaurantJson(restaurant);
  // Problem reports refund money: the owner's alone (docs/architecture/team.md).
  const problems = role === "owner" ? await listRestaurantProblems(user, restaurant.id, { open: true }) : null;
  const [t, words, locale, lines, courier, storedTexts, dish] = await Promise.all([
    getT("kitchen"),
    getWords("kitchen"),
    requestLocale(),
    getWords("lines"),
    getWords("courier"),
    reasonWords(),
    getWords("dish"),
  ]);
  return (
    <div className={`container ${device ? styles.tablet : ""}`} data-tablet={device ? "" : undefined}>
      {device ? <p className={styles.tabletTag}>{t("boardPage.tablet")}</p> : <BackLink href="/restaurants/manage">{t("backToRestaurants")}</BackLink>}
      <PageHeader title={t("boardPage.title")} subtitle={t("boardPage.subtitle", { name: restaurant.name })} />
      {/* Problem reports waiting for the owner's decision (docs/architecture/problem-reports.md). */}
      {problems && (
        <LazyProblemDecisions
          title={t("boardPage.problems")}
          initial={problems}
          listUrl={`/api/manage/${restaurant.id}/problems?status=open`}
          decideBase={`/api/manage/${restaurant.id}/problems`}
          lang={{ words: (await getWords("orderflow")).problems, locale: await requestLocale(), bags: (await getWords("lines")).packing }}
        />
      )}
      {/* Only what the controls read: a client component's props are written into the page. */}
      <LazyKitchenControls
        initial={{
          id: json.id,
          timeZone: json.timeZone,
          pausedUntil: json.pausedUntil,
          busyExtraMinutes: json.busyExtraMinutes,
          autoAccept: json.autoAccept,
          defaultPrepMinutes: json.defaultPrepMinutes,
        }}
        words={words.controls}
        locale={locale}
      />
      {/* The kitchen printers' status, the alarm when one is silent while tickets wait, Reprint (docs/architecture/kitchen.md). */}
      <LazyPrinterStatus restaurantId={restaurant.id} timeZone={json.timeZone} locale={locale} silentMs={config().printerSilentMs} words={words.printerStatus} />
      <OrderBoard
        restaurantId={restaurant.id}
        renderedAt={renderedAt}
        timeZone={json.timeZone}
        initial={{
          orders: await withActions(board.orders.map(incomingOrderToJson)),
          openCounts: board.openCounts,
          doneToday: await withActions(board.doneToday.map(incomingOrderToJson)),
          startCookingMinutes: board.startCookingMinutes,
        }}
        words={{ ...words.board, lines: { board: lines.board, cue: lines.cue, units: unitWords(courier) }, storedTexts, choices: dish.choices }}
        locale={locale}
        device={device !== null}
      />
    </div>
  );
}
