import { describe, expect, it } from "vitest";
import { NOTIFICATION_KINDS } from "@/lib/shared/people/notifications";
import type { NotificationPayload } from "@/lib/shared/people/notification-shapes";
import { setUpTestDatabase } from "../platform/testing/db";

// Every kind's mail subject and push body in the person's language (docs/architecture/languages.md
// "Mail and push"), the bell's too: English is the English catalogue's, every kind and payload worded;
// Spanish is the catalogue's, with its dates and times written the Spanish way.

setUpTestDatabase();
const { describeIn, describeRowIn, headlineIn } = await import("./words");

const summary = {
  date: "2026-11-25",
  restaurantName: "Taquería Sol",
  placed: 1,
  sold: 1,
  sales: 12.5,
  ratings: 0,
  averageRating: null,
  rejected: 0,
  canceled: 0,
  expired: 0,
};
/** Payloads that take each branch of describeIn and of notificationHref. */
const PAYLOADS: NotificationPayload[] = [
  {},
  { orderId: 1234, restaurantId: 7 },
  { orderId: 12, courierName: "Ana", stage: "courier_arriving", dropoffPhoto: true },
  { orderId: 12, stage: "heading" },
  { orderId: 12, dueBy: "2026-11-28T02:15:00Z", timeZone: "America/Los_Angeles", pickup: true },
  { orderId: 12, dueBy: "2026-11-28T02:15:00Z", timeZone: "America/Los_Angeles" },
  { orderId: 12, note: "Tacos al pastor", stage: "replaced" },
  { note: "Tacos", stage: "asked" },
  { stage: "expired", url: "https://example.com/hook" },
  { rating: 4, restaurantName: "Sol", restaurantId: 3 },
  { restaurantId: 3, summary },
  { summary: { ...summary, placed: 3 } },
  { stage: "failed", note: "Nov 1-15" },
  { stage: "commission", percent: 12.5, restaurantName: "Sol" },
  { stage: "commission" },
  { stage: "suspended" },
  { stage: "restored", restaurantName: "Sol" },
  { stage: "approved" },
  { stage: "refused" },
  { stage: "warned" },
  { stage: "appeal_upheld" },
  { stage: "appeal_overturned" },
  { stage: "document", note: "Your license expires soon" },
  { stage: "document", document: { kind: "insurance", event: "approved" }, note: "Your insurance was approved" },
  {
    stage: "document",
    document: { kind: "licence", event: "expiring", expiresOn: "2027-03-01" },
    note: "Your driving licence expires on 2027-03-01: upload the new one before then to keep getting offers",
  },
  { stage: "document" },
  { stage: "something else" },
];

describe("a notification's words", () => {
  it("in English are the English catalogue's, every kind and payload worded (no key, no unfilled argument); the push's headline too", () => {
    for (const kind of [...NOTIFICATION_KINDS, "not_a_kind"])
      for (const payload of PAYLOADS) expect(describeIn("en", kind, payload).title, `${kind} ${JSON.stringify(payload)}`).toMatch(/^[^{}]+$/);
    expect(describeIn("en", "not_a_kind", {})).toEqual({ title: "Notification", href: "/" });
    expect(describeIn("en", "owner_daily_summary", PAYLOADS[10]!)).toEqual({
      title: "Taquería Sol on Nov 25, 2026: 1 order",
      href: "/restaurants/3/insights?from=2026-11-25&to=2026-11-25",
    });
    expect(describeIn("en", "courier_account_update", { stage: "warned" })).toEqual({ title: "You received a warning on your courier record", href: "/courier/record" });
    expect(describeIn("en", "email_verification", {}).title).toBe("Confirm your email address");
    expect(describeIn("en", "email_changed", {}).title).toBe("Your Nosh email address was changed");
    expect(describeIn("en", "team_invitation", {}).title).toBe("Join a restaurant on Nosh");
    expect(describeIn("en", "team_invitation", { restaurantName: "Sol" }).title).toBe("Join Sol on Nosh");
    // A row of theirs in the bell or the export: "Notification"; every other row as its mail words it.
    expect(describeRowIn("en", "email_changed", {})).toEqual({ title: "Notification", href: "/" });
    expect(describeRowIn("en", "owner_new_order", { orderId: 5, restaurantId: 3 })).toEqual({ title: "New order #5", href: "/restaurants/3/orders" });
    expect(headlineIn("en", "owner_new_order")).toBe("New order");
    expect(headlineIn("en", "order_accepted")).toBe("Your order was accepted");
    expect(headlineIn("en", "not_a_kind")).toBe("Nosh");
  });

  it("in Spanish for owners', couriers' and security kinds, dates and times as Spanish writes them", () => {
    const es = (kind: string, payload: NotificationPayload) => describeIn("es", kind, payload).title;
    expect(es("owner_new_order", { orderId: 1234 })).toBe("Nuevo pedido n.º 1234");
    expect(es("owner_daily_summary", { summary: { ...summary, placed: 3 } })).toBe("Taquería Sol el 25 nov 2026: 3 pedidos");
    expect(es("order_running_late", PAYLOADS[5])).toBe("Pedido n.º 12 va con retraso: se esperaba que llegara a las 18:15");
    expect(es("courier_account_update", { stage: "approved" })).toBe("Tu solicitud de repartidor fue aprobada: puedes empezar un turno");
    expect(es("password_reset", {})).toBe("Restablece tu contraseña de Nosh");
    // A document's notice from its kind and event, not from the English note stored beside it.
    expect(es("courier_account_update", { stage: "document", document: { kind: "licence", event: "refused", reason: "Borrosa" }, note: "x" })).toBe(
      "Rechazamos tu licencia de conducir: Borrosa",
    );
    expect(es("courier_account_update", { stage: "document", document: { kind: "insurance", event: "expired", expiresOn: "2027-03-01" } })).toBe(
      "Tu seguro venció el 2027-03-01: sube el documento nuevo para volver a recibir ofertas",
    );
    expect(describeIn("es", "owner_new_order", { orderId: 5, restaurantId: 7 }).href).toBe("/restaurants/7/orders");
    expect(headlineIn("es", "courier_offer")).toBe("Te ofrecen una entrega");
  });
});
