"use client";
import { api, ensureXsrfCookie } from "@/lib/client/api";
import { parseApiError } from "@/lib/client/use-api-action";
import { cartReducer, saveCart, type CartLineInput } from "@/lib/shared/orders/cart";
import { signInHref } from "@/lib/shared/web/return-path";
import type { UserJson } from "@/lib/server/accounts/users";
import type { Words } from "@/lib/i18n/words";
import type { AlertAction, AlertTone } from "./alerts-provider";

// A signed-out visitor's Add (cart-provider.tsx): the spec's message with the two ways on. Loaded
// at that Add, not with every page (the first-load JavaScript budget).

/**
 * "Log in" (and back to this page) and "Continue as guest": a guest account whose cart starts
 * with this Add (written under the guest's id before the session changes, so the cart provider
 * loads it with the user: lib/shared/orders/cart.ts cartAfterUserChange).
 */
export function signedOutActions(
  add: { item: CartLineInput; quantity: number },
  setUser: (user: UserJson) => void,
  show: (message: string, tone: AlertTone) => void,
  words: Words<"profile">["cartAlerts"],
): AlertAction[] {
  const asGuest = async () => {
    try {
      await ensureXsrfCookie();
      const guest = await api<UserJson>("/api/auth/guest", { method: "POST" });
      saveCart(localStorage, guest.id, cartReducer([], { type: "add", ...add }));
      setUser(guest);
      show(words.inCart.replace("{name}", add.item.name), "success");
    } catch (error) {
      show(parseApiError(error).message, "error");
    }
  };
  return [
    { label: words.logInAction, href: signInHref(window.location.pathname + window.location.search) },
    { label: words.guestAction, onClick: () => void asGuest() },
  ];
}
