import { describe, expect, it } from "vitest";
import { wordsFor, translatorFor } from "@/lib/i18n/translate";
import { fill } from "@/lib/shared/words/fill";
import { roleNeededMessage } from "@/lib/shared/people/testing/role-needed";
import { WEBHOOK_EVENTS } from "@/lib/shared/people/webhooks";
import { API_KEY_SCOPES } from "@/lib/shared/people/api-keys";
import { WEEKDAY_NAMES, NEW_RESTAURANT_OPENING } from "@/lib/shared/time/opening-hours";
import { weeklyHoursLines } from "@/lib/shared/time/hours-text";
import { CUISINES } from "@/lib/shared/constants";
import { STANDARD_DELIVERY_FEE } from "@/components/browse/delivery-fee";
import { deliveryFeeHint } from "./restaurant-form-words";

// The menus area's English entries replaced the screens' constants: they are those constants,
// word for word, so the English screens are unchanged (docs/architecture/languages.md).
const en = wordsFor("en", "menus");
const dotless = (keys: readonly string[]) => keys.map((key) => key.replaceAll(".", "_"));

describe("the menus area's English words", () => {
  it("are the constants they replaced", () => {
    expect(en.roles).toEqual({ owner: "Owner", manager: "Manager", staff: "Staff" });
    expect(en.roleDescriptions.staff).toBe("The order board only: accept, reject, stages, prep time, couriers");
    for (const need of ["owner", "manager", "staff"] as const) expect(en.refused[need]).toBe(roleNeededMessage(need));
    expect(Object.keys(en.webhooks.events)).toEqual(dotless(WEBHOOK_EVENTS));
    expect(en.webhooks.events.order_placed).toBe("A new order is placed");
    expect(Object.keys(en.apiKeys.scopes)).toEqual(dotless(API_KEY_SCOPES));
    expect(en.apiKeys.scopes.orders_steps).toEqual({ label: "Order steps", description: "Accept, reject, mark ready, prep time, complete" });
    expect(en.hours.days).toEqual(WEEKDAY_NAMES);
    expect(weeklyHoursLines(NEW_RESTAURANT_OPENING.hours, { words: en.hours.short })).toEqual(weeklyHoursLines(NEW_RESTAURANT_OPENING.hours));
    expect({ notImage: en.photo.notImage, tooLarge: en.photo.tooLarge }).toEqual({
      notImage: "Choose a JPEG, PNG, WebP or AVIF photo",
      tooLarge: "The photo must be at most 10 MB",
    });
    expect(en.menu.fetchFailed).toBe("Failed to fetch menu items");
    expect(en.restaurantForm.cuisines).toEqual(Object.fromEntries(CUISINES.map((cuisine) => [cuisine, cuisine])));
    expect(en.itemForm.foodTypes).toEqual({ appetizer: "Appetizer", entree: "Entree", dessert: "Dessert", beverage: "Beverage" });
    expect(deliveryFeeHint(translatorFor("en", "menus"), "en")).toBe(
      `Your listed fee, 0 for free. Customers pay Nosh's ${STANDARD_DELIVERY_FEE} delivery fee at checkout (+$1.49 for priority).`,
    );
    expect(en.menu.soldOut.today).toBe("Sold out today");
    expect(fill(en.preview.fee, { fee: STANDARD_DELIVERY_FEE, time: 30 })).toBe(`30 min · ${STANDARD_DELIVERY_FEE} delivery fee`);
  });

  it("keep the browser's arguments and read in Spanish", () => {
    const es = wordsFor("es", "menus");
    expect(fill(en.deleteItem.deleted, { name: "Tacos" })).toBe("Tacos was deleted");
    expect(fill(es.file.dishMany, { count: 3 })).toBe("3 platos");
    expect(en.apiKeys.copyNow).toBe("Copy it now: it is shown only this once. Send it as Authorization: Bearer <key>.");
    expect(es.roles.manager).toBe("Gerente");
    expect(weeklyHoursLines({ ...NEW_RESTAURANT_OPENING.hours }, { words: es.hours.short, locale: "es" })[0]).toMatch(/^lun/);
  });
});
