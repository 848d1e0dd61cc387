"use client";
import { useRouter } from "next/navigation";
import { useCallback, useEffect, useState } from "react";
import { useAlerts } from "@/components/providers/alerts-provider";
import { useCart } from "@/components/providers/cart-provider";
import { buttonClass } from "@/components/ui/button";
import { IconGlyph } from "@/components/ui/icons";
import { cartOrderLine, createCheckoutOrder, ensureCartId } from "@/components/checkout/cart-order";
import { useSession } from "@/components/providers/session-provider";
import { api } from "@/lib/client/api";
import { useApiAction } from "@/lib/client/use-api-action";
import type { DishAllergenInfo } from "@/components/menu/dish-labels";
import { cartLineKey, type CartItem } from "@/lib/shared/orders/cart";
import { choiceProblems, optionGroupsFromJson, type ChoiceRuleWords, type OptionGroupJson } from "@/lib/shared/menu/options";
import { fill } from "@/lib/shared/words/fill";
import styles from "./cart-panel.module.css";

// A stored cart can outlive its dishes (deleted, or their restaurant stopped
// taking orders) and its choices (an option removed or sold out, a group now required). The open
// cart checks its lines against the server and names the dead ones and the changed ones.

type CheckedItem = { id: number; restaurant: { servicing: boolean }; optionGroups: OptionGroupJson[]; soldOutUntil?: string | null } & Partial<DishAllergenInfo>;
type Check = { ids: string; items: Map<number, CheckedItem> };

/**
 * The cart's lines that cannot be ordered now (`gone`), and the problem of each line whose choices
 * the dish no longer takes (`problems`, by cartLineKey: its Edit chooses again), checked when
 * `active` and again on `recheck()`.
 */
export function useUnorderableLines(items: CartItem[], active: boolean, rules: ChoiceRuleWords) {
  // One dish can be several lines (other choices): each id is asked once.
  const ids = [...new Set(items.map((line) => line.id))].join(",");
  const [check, setCheck] = useState<Check | null>(null);

  const recheck = useCallback(
    () =>
      orderableOf(ids).then((items) => {
        if (items) setCheck({ ids, items });
      }),
    [ids],
  );

  useEffect(() => {
    if (active) void recheck();
  }, [active, recheck]);

  const current = check?.ids === ids ? check.items : null;
  const gone = current ? items.filter((line) => !current.has(line.id)) : [];
  const problems = new Map<string, string>();
  for (const line of items) {
    const dish = current?.get(line.id);
    if (!dish) continue;
    const problem = choiceProblems(
      optionGroupsFromJson(dish.optionGroups),
      (line.options ?? []).map((option) => option.id),
      rules,
    )[0];
    if (problem) problems.set(cartLineKey(line), problem.message);
  }
  // The dishes as the server has them now: their allergens and labels (the stored cart keeps none).
  return { gone, problems, recheck, dishes: current };
}

/** The dishes of these ids that can be ordered now; null when the check could not run (checkout still refuses). */
async function orderableOf(ids: string): Promise<Map<number, CheckedItem> | null> {
  if (!ids) return null;
  const found = await api<CheckedItem[]>(`/api/menu-items?ids=${ids}`).catch(() => null);
  // A dish its kitchen marked sold out (docs/architecture/kitchen.md) cannot be ordered until it is back.
  const now = Date.now();
  return (
    found && new Map(found.filter((item) => item.restaurant.servicing && !(item.soldOutUntil && Date.parse(item.soldOutUntil) > now)).map((item) => [item.id, item]))
  );
}

/** "Caesar Salad is no longer available. Remove it to continue." with the button that does. */
export function UnorderableNotice({
  gone,
  words,
}: {
  gone: CartItem[];
  /** In the page's language: its buttons, and the message (the catalogue's orderflow.checkout.menuChanges). */
  words: { removeOne: string; removeGone: string; gone: { unavailableOne: string; unavailableMany: string; and: string } };
}) {
  const { remove } = useCart();
  if (!gone.length) return null;
  const names = [...new Set(gone.map((line) => line.name))];
  const message =
    names.length === 1
      ? fill(words.gone.unavailableOne, { names: names[0]! })
      : fill(words.gone.unavailableMany, { names: fill(words.gone.and, { list: names.slice(0, -1).join(", "), last: names.at(-1)! }) });
  return (
    <div role="alert" className={styles.unorderable}>
      <IconGlyph name="info" />
      <div>
        <p>{message}</p>
        <button type="button" className={buttonClass({ variant: "secondary", size: "small" })} onClick={() => gone.forEach((line) => remove(cartLineKey(line)))}>
          {gone.length === 1 ? words.removeOne.replace("{name}", gone[0]!.name) : words.removeGone}
        </button>
      </div>
    </div>
  );
}

/**
 * Checkout from the cart: the cart's Active order (made, or the one made for this cart before when
 * the cart is unchanged: its identity goes with it) and /checkout. It lives with the lazy panel,
 * not in the cart provider every page loads. Resolves false when refused (with an alert).
 */
export function useCartCheckout() {
  const { items, setPanelOpen } = useCart();
  const { user } = useSession();
  const { show } = useAlerts();
  const router = useRouter();
  const ordering = useApiAction(
    async () => {
      await createCheckoutOrder(items[0]!.restaurantId, items.map(cartOrderLine), ensureCartId(user?.id ?? "guest"));
      setPanelOpen(false);
      router.push("/checkout");
      return true;
    },
    { onError: (failure) => show(failure.message, "error"), fallback: "Server error: Could not create order." },
  );
  const checkingOut = ordering.busy;
  const checkout = async () => {
    if (!items.length) return false;
    return (await ordering.run()) ?? false;
  };
  return { checkout, checkingOut };
}
