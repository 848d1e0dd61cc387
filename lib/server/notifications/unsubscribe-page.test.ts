import { describe, expect, it } from "vitest";
import { NOTIFICATION_KINDS } from "@/lib/shared/people/notifications";
import { askPage, donePage, invalidPage } from "./unsubscribe-page";
import { kindLabel } from "./preferences";

// The unsubscribe page's words (app/api/notifications/unsubscribe/route.ts): English from the
// English catalogue, as the page's English literals wrote it, byte for byte; Spanish in Spanish.

const TOKEN = "7.account_welcome.abc-_";

describe("the unsubscribe page", () => {
  it("in English, as it always read", () => {
    const label = "Welcome mail when you sign up";
    expect(kindLabel("account_welcome")).toBe(label);
    expect(invalidPage("en")).toEqual({
      title: "This link is not valid",
      body: `<p>This unsubscribe link is not valid. You can change what Nosh sends you in <a href="/account/notifications">your notification choices</a>.</p>`,
    });
    expect(donePage("en", "account_welcome")).toEqual({
      title: "You are unsubscribed",
      body: `<p>Nosh will no longer email you about: <strong>${label}</strong>.</p><p><a href="/account/notifications">Change what Nosh sends you</a></p>`,
    });
    expect(askPage("en", "account_welcome", TOKEN)).toEqual({
      title: "Unsubscribe from these emails?",
      body: `<p>Stop emails about: <strong>${label}</strong>. You will still see them in the app.</p>
<form method="post" action="/api/notifications/unsubscribe?token=7.account_welcome.abc-_"><button type="submit" style="font:inherit;padding:12px 20px;min-height:44px;border:0;border-radius:999px;background:#d8361f;color:#fff;cursor:pointer">Unsubscribe</button></form>
<p style="font-size:14px;color:#555">Or choose what Nosh sends you in <a href="/account/notifications" style="color:#555">your notification choices</a>.</p>`,
    });
  });

  it("in Spanish, every kind named in Spanish, its links kept", () => {
    const ask = askPage("es", "order_receipt", TOKEN);
    expect(ask.title).toBe("¿Darte de baja de estos correos?");
    expect(ask.body).toContain(`<strong>${kindLabel("order_receipt", "es")}</strong>`);
    expect(ask.body).toContain(`<a href="/account/notifications" style="color:#555">tus preferencias de notificaciones</a>`);
    expect(donePage("es", "order_receipt").title).toBe("Cancelaste tu suscripción");
    expect(invalidPage("es").body).toContain("Este enlace para darte de baja no es válido.");
    for (const kind of NOTIFICATION_KINDS) expect(kindLabel(kind, "es"), kind).not.toBe(kindLabel(kind));
  });
});
