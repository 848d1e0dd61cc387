import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import { AlertsProvider } from "@/components/providers/alerts-provider";
import { cookies } from "next/headers";
import { CartProvider } from "@/components/providers/cart-provider";
import { FulfillmentProvider } from "@/components/providers/fulfillment-provider";
import { SessionProvider } from "@/components/providers/session-provider";
import { IconSprite } from "@/components/ui/icon-sprite";
import { TestModeBanner } from "@/components/test-provider/mode-banner";
import { config } from "@/lib/server/platform/config";
import { FULFILLMENT_COOKIE, STRIPE_KEY_META } from "@/lib/shared/constants";
import { getCurrentUser } from "@/lib/server/web/session";
import { userToJson } from "@/lib/server/accounts/users";
import { getT, getWords, requestDir, requestLocale } from "@/lib/i18n/translate";
import { formRules } from "@/lib/server/web/form-rules";
// Installs what the host (server/kept-answers/store.mjs) asks before it keeps or replays a catalog page.
import "@/lib/server/web/kept-answers/index";
import "./globals.css";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getT("profile");
  return {
    title: {
      default: t("site.title"),
      template: "%s · Nosh",
    },
    description: t("site.description"),
    applicationName: "Nosh",
  };
}

export const viewport: Viewport = {
  themeColor: "#c8290f",
  width: "device-width",
  initialScale: 1,
};

// The shell (top bar and footer) lives in the route groups' layouts: app/(shop) has the full
// one, checkout gets a minimal bar. This layout only provides the session, the Delivery/Pickup
// mode, the alerts and the cart; and, in production on the test provider (PAYMENTS=test), the
// test-mode banner above every page. On Stripe with a publishable key, a <meta> carries it for
// Stripe.js's card form (lib/client/stripe.ts); without it, pages are as they were.
export default async function RootLayout({ children }: { children: ReactNode }) {
  const [user, words, flow, allergens, addressRules] = await Promise.all([
    getCurrentUser(),
    getWords("profile"),
    getWords("orderflow"),
    getWords("allergens"),
    formRules("address"),
  ]);
  const stripeKey = config().stripe?.publishableKey;
  // The Delivery/Pickup mode this browser chose (components/providers/fulfillment-provider.tsx).
  const mode = (await cookies()).get(FULFILLMENT_COOKIE)?.value === "pickup" ? "pickup" : "delivery";
  return (
    <html lang={await requestLocale()} dir={await requestDir()}>
      {/* A replayed page's <body> may carry the session hole's attribute until hydration (components/providers/session-provider.tsx). */}
      <body suppressHydrationWarning>
        {stripeKey && <meta name={STRIPE_KEY_META} content={stripeKey} />}
        {config().payments.testMode && <TestModeBanner />}
        <IconSprite />
        <SessionProvider initialUser={user ? userToJson(user) : null}>
          <FulfillmentProvider initialMode={mode}>
            <AlertsProvider words={{ ...words.ui, allergy: flow.allergyWarning, allergens: allergens.short }}>
              <CartProvider words={words.cartAlerts} addressWords={{ ...words.addressEditor, rules: addressRules }}>
                {children}
              </CartProvider>
            </AlertsProvider>
          </FulfillmentProvider>
        </SessionProvider>
      </body>
    </html>
  );
}
