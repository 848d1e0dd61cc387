import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import { AlertsProvider } from "@/components/providers/alerts-provider";
import { CartProvider } from "@/components/providers/cart-provider";
import { SessionProvider } from "@/components/providers/session-provider";
import { IconSprite } from "@/components/ui/icon-sprite";
import { getCurrentUser } from "@/lib/server/session";
import { userToJson } from "@/lib/server/users";
import "./globals.css";

export const metadata: Metadata = {
  title: {
    default: "Nosh — food delivery from local restaurants",
    template: "%s · Nosh",
  },
  description: "Order delivery from the best local restaurants near you.",
  applicationName: "Nosh",
};

export const viewport: Viewport = {
  themeColor: "#c8290f",
  width: "device-width",
  initialScale: 1,
};

// The shell (top bar and footer) lives in the route groups' layouts: app/(shop) has the full
// one, checkout gets a minimal bar. This layout only provides the session, the alerts and the cart.
export default async function RootLayout({ children }: { children: ReactNode }) {
  const user = await getCurrentUser();
  return (
    <html lang="en">
      <body>
        <IconSprite />
        <SessionProvider initialUser={user ? userToJson(user) : null}>
          <AlertsProvider>
            <CartProvider>{children}</CartProvider>
          </AlertsProvider>
        </SessionProvider>
      </body>
    </html>
  );
}
