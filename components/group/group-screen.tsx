"use client";
import type { GroupCheckoutWords } from "./group-checkout";
import type { PlacedWords } from "./placed-order";
import type { Words } from "@/lib/i18n/words";
import { fill } from "@/lib/shared/words/fill";
import type { GroupPricing } from "./group-pricing";
import { lazy, Suspense, useState, type FormEvent, type ReactNode } from "react";
import { RestaurantThumb } from "@/components/orders/restaurant-thumb";
import { useSession } from "@/components/providers/session-provider";
import { buttonClass } from "@/components/ui/button";
import { IconGlyph } from "@/components/ui/icons";
import { useApiAction } from "@/lib/client/use-api-action";
import type { PickupPlace } from "@/components/checkout/pickup-details";
import type { OpeningHours } from "@/lib/shared/time/opening-hours";
import { formatShortDateTime } from "@/lib/shared/time/format-date";
import { GroupCart } from "./group-cart";
import { GroupProvider, useGroup, usePastDeadline } from "./group-context";
import type { GroupJson } from "./types";
import styles from "./group.module.css";
import { useLiveControl } from "@/components/ui/live-button";

// What not everyone needs loads when it shows: the host's controls, the host's checkout (the
// checkout's pieces and pricing) when opened, the placed order after checkout.
const HostControls = lazy(() => import("./host-controls").then((m) => ({ default: m.HostControls })));
const GroupCheckout = lazy(() => import("./group-checkout").then((m) => ({ default: m.GroupCheckout })));
const PlacedOrder = lazy(() => import("./placed-order").then((m) => ({ default: m.PlacedOrder })));
// A link that stops working while open (the page's 404, ./not-found.tsx, renders it on the server).
const GroupGone = lazy(() => import("./group-gone").then((m) => ({ default: m.GroupGone })));
// The share box is rendered by the server; its Copy and Share code joins it once loaded (first-load JS: docs/log/performance.md).
const ShareLink = lazy(() => import("./share-link").then((m) => ({ default: m.ShareLink })));

/** GROUP_LIMITS.displayName of lib/contract/group-orders/rules.ts, for the same reason. */
const DISPLAY_NAME_MAX = 30;

type GroupScreenProps = {
  initial: GroupJson;
  /** The restaurant's menu with Add to this group (rendered by the server). */
  menu: ReactNode;
  /** The restaurant's hours and time zone: scheduled slots lie inside them; times are shown in its zone. */
  opening: OpeningHours;
  /** Where a pickup is collected (the host's checkout offers pickup). */
  place: PickupPlace;
  /** What the host's checkout is priced by (delivery pricing). */
  pricing: GroupPricing;
  /** The host's checkout's price rows and Place order, in the page's language (from the server). */
  checkoutWords: GroupCheckoutWords;
  /** The group's words (the catalogue's orderflow.group, and order.headline for the placed order), from the server. */
  words: GroupWords;
};

export type GroupWords = Words<"orderflow">["group"] & { placed: PlacedWords };

/** /group/{token} for a signed-in visitor: joining, the shared menu and cart, the host's controls, the placed order. */
export function GroupScreen(props: GroupScreenProps) {
  return (
    <GroupProvider initial={props.initial}>
      <GroupView {...props} />
    </GroupProvider>
  );
}

function GroupView({ menu, opening, place, pricing, checkoutWords, words: w }: GroupScreenProps) {
  const { timeZone } = opening;
  const { locale, currency } = checkoutWords;
  const { group, gone } = useGroup();
  const [checkingOut, setCheckingOut] = useState(false);
  // Past the deadline participants' changes are refused; the clock is read in the browser only.
  const pastDeadline = usePastDeadline(group.deadline);
  if (gone || group.status === "canceled") {
    return (
      <Suspense fallback={null}>
        <GroupGone words={w.gone} />
      </Suspense>
    );
  }

  const joined = group.you.participantId !== null;
  const heading = (
    <header className={styles.header}>
      <RestaurantThumb src={group.restaurant.storeImage} />
      <div>
        <p className={styles.eyebrow}>{w.eyebrow}</p>
        <h1 className={styles.title}>{group.restaurant.name}</h1>
        <p className={styles.muted}>{fill(w.hostedBy, { name: group.host.name })}</p>
      </div>
    </header>
  );

  if (group.status === "placed") {
    return (
      <div className={`container ${styles.page}`}>
        {heading}
        <Suspense fallback={<p role="status">{w.loadingOrder}</p>}>
          <PlacedOrder words={w.placed} locale={locale} currency={currency} />
        </Suspense>
      </div>
    );
  }
  if (!joined) {
    return (
      <div className={`container ${styles.page}`}>
        {heading}
        <JoinForm w={w.join} />
      </div>
    );
  }

  const locked = group.status === "locked";
  const editable = !locked && (group.you.isHost || !pastDeadline);
  return (
    <div className={`container ${styles.page}`}>
      {heading}
      {locked && (
        <p role="status" className={styles.banner}>
          <IconGlyph name="info" size={20} />
          {group.you.isHost ? w.youLocked : w.locked}
        </p>
      )}
      {!locked && group.deadline && (
        <p className={styles.banner}>
          <IconGlyph name="clock" size={20} />
          {fill(pastDeadline && !group.you.isHost ? w.deadlinePassed : w.addBy, { time: formatShortDateTime(group.deadline, timeZone, locale) })}
        </p>
      )}
      {checkingOut && group.you.isHost && locked ? (
        <Suspense fallback={<p role="status">{w.loadingCheckout}</p>}>
          <GroupCheckout opening={opening} place={place} pricing={pricing} words={checkoutWords} onBack={() => setCheckingOut(false)} />
        </Suspense>
      ) : (
        <div className={styles.layout}>
          <div className={styles.side}>
            {group.you.isHost && (
              <Suspense fallback={null}>
                <HostControls timeZone={timeZone} onCheckout={() => setCheckingOut(true)} words={w.host} locale={locale} />
              </Suspense>
            )}
            <GroupCart editable={editable} words={w.cart} locale={locale} currency={currency} />
            <Suspense fallback={null}>
              <ShareLink path={`/group/${group.token}`} restaurantName={group.restaurant.name} words={w.share} />
            </Suspense>
          </div>
          <div className={styles.menu}>
            <h2 className={styles.menuTitle}>{w.menu}</h2>
            {menu}
          </div>
        </div>
      )}
    </div>
  );
}

/** Not joined yet: a display name (the user's first name to start with) and Join. */
function JoinForm({ w }: { w: Words<"orderflow">["group"]["join"] }) {
  const { group, change } = useGroup();
  const { user } = useSession();
  const [name, setName] = useState(user?.firstName ?? "");
  // Once joined, the button stays busy until the group's page replaces this form.
  const [joined, setJoined] = useState(false);
  const joining = useApiAction((displayName: string) => change("/participants", "POST", { displayName }), { onSuccess: () => setJoined(true) });
  const { failure } = joining;
  const error = failure && { message: failure.errors.displayName ?? failure.message, field: failure.errors.displayName ? "displayName" : undefined };
  const pending = joining.busy || joined;
  // A name typed before React owns the page would be reset, and Join sent as a plain GET.
  const field = useLiveControl();
  const submit = useLiveControl(pending);

  const join = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    await joining.run(name.trim());
  };

  return (
    <section className={`${styles.card} ${styles.narrow}`} aria-labelledby="join-title">
      <h2 id="join-title" className={styles.cardTitle}>
        {fill(w.title, { host: group.host.name })}
      </h2>
      <p className={styles.muted}>
        {fill(w.intro, { restaurant: group.restaurant.name, host: group.host.name })}{" "}
        {group.participants.length === 1 ? w.joinedOne : fill(w.joinedMany, { count: group.participants.length })}
      </p>
      <form onSubmit={join} className={styles.joinForm} noValidate>
        <div className={styles.field}>
          <label htmlFor="display-name">{w.name}</label>
          <input
            id="display-name"
            className={styles.textInput}
            value={name}
            {...field}
            maxLength={DISPLAY_NAME_MAX}
            autoComplete="given-name"
            onChange={(event) => setName(event.target.value)}
            aria-invalid={error?.field ? true : undefined}
            aria-describedby={error ? "join-error" : undefined}
          />
        </div>
        <button type="submit" className={buttonClass()} {...submit}>
          {pending ? w.joining : w.join}
        </button>
      </form>
      {error && (
        <p id="join-error" role="alert" className={styles.addError}>
          {error.message}
        </p>
      )}
    </section>
  );
}
