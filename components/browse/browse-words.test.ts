import { describe, expect, it } from "vitest";
import { ENGLISH } from "@/lib/i18n/catalogues";
import { translatorFor, wordsFor } from "@/lib/i18n/translate";
import { fill } from "@/lib/shared/words/fill";
import { aboutDeliveryText, freeDeliveryCardText } from "@/lib/shared/money/delivery-pricing-text";
import { SPEC_PRICING } from "@/lib/shared/money/delivery-pricing";
import { CUISINES } from "@/lib/shared/constants";
import { RESTAURANTS_FETCH_FAILED, UNREADABLE_ADDRESS } from "@/lib/shared/words/messages";
import { HELP_ARTICLES, HELP_AUDIENCES, searchHelp } from "@/lib/shared/people/help-articles";
import { SUPPORT_TOPICS } from "@/lib/shared/people/support";
import { LEGAL_NAMES } from "@/lib/shared/people/legal";
import { REVIEW_SAID } from "@/lib/contract/zod-free/review-messages";
import { REPLY_SAID } from "@/lib/contract/zod-free/reply-rules";
import { NOT_TAKING_ORDERS } from "./format";
import { inEnglish } from "@/lib/contract/testing/in-english";
import { said } from "@/lib/shared/words/said";

// The browse area's screens (home, search, reviews, help, about, legal, the API reference) read
// the catalogue's `browse` namespace: its English entries are the words they wrote before, so the
// English screens are unchanged (docs/architecture/languages.md).
const en = ENGLISH.browse;

describe("browse's English entries", () => {
  it("are the constants they replaced, word for word", () => {
    expect(en.card.notTaking).toBe(NOT_TAKING_ORDERS);
    expect(en.suggest.notTaking).toBe(NOT_TAKING_ORDERS);
    expect(en.restaurant.tooFar).toBe("Too far for delivery, pickup available");
    expect(en.near.unreadable).toBe(UNREADABLE_ADDRESS);
    expect(en.home.sorts).toEqual({ recommended: "Recommended", rating: "Rating", delivery: "Delivery time", price: "Price" });
    expect(en.card.cuisines).toEqual(Object.fromEntries(CUISINES.map((cuisine) => [cuisine, cuisine])));
    expect(en.help.audiences).toEqual(HELP_AUDIENCES);
    expect(Object.keys(en.contact.topics)).toEqual([...SUPPORT_TOPICS]);
    expect(en.contact.topics.payment).toBe("A payment or refund");
    expect(en.legal.names).toEqual(LEGAL_NAMES);
    expect(en.reviews.summary.empty).toBe(inEnglish(REVIEW_SAID.empty));
    expect(en.reviews.feed.success).toBe(inEnglish(REVIEW_SAID.success));
    expect(en.reviews.feed.submitFailed).toBe(inEnglish(REVIEW_SAID.submitFailed));
    expect(en.reviews.feed.error).toBe(inEnglish(REVIEW_SAID.error));
    expect(en.reviews.remove.error).toBe(inEnglish(REVIEW_SAID.error));
    expect(en.reviews.card.updateFailed).toBe(inEnglish(REVIEW_SAID.updateFailed));
    expect(en.reviews.remove.deleted).toBe(inEnglish(said("done.reviewDeleted")));
    expect(en.reviews.reply.empty).toBe(inEnglish(REPLY_SAID.text));
    expect(en.reviews.reply.failed).toBe(inEnglish(REPLY_SAID.failed));
    expect(en.lists.restaurantsFailed).toBe(RESTAURANTS_FETCH_FAILED);
    expect(en.lists.dishesFailed).toBe("Failed to fetch menu items");
    expect(en.reviews.feed.failed).toBe("Failed to fetch reviews");
    expect(en.restaurant.heart).toEqual(en.card.heart);
    expect(fill(en.card.heart.remove, { name: "Taqueria" })).toBe("Remove Taqueria from favorites");
  });

  it("hold the help centre's articles as written", () => {
    for (const article of HELP_ARTICLES) {
      const own = en.help.articles[article.slug as keyof typeof en.help.articles];
      expect({ title: own.title, body: Object.values(own.body) }, article.slug).toEqual({ title: article.title, body: [...article.body] });
    }
  });

  it("fill to the sentences the screens printed", () => {
    const t = translatorFor("en", "browse");
    expect(t("home.cuisineTitle", { cuisine: t("card.cuisines.Fast Food") })).toBe("Fast Food restaurants near you");
    expect(translatorFor("es", "browse")("card.cuisines.Soul Food")).toBe("Soul food");
    expect(t("near.countMany", { count: 3 })).toBe("3 restaurants deliver there, nearest first.");
    expect(t("home.noneOpenCuisine", { cuisine: "Thai" })).toBe('No Thai restaurants are open right now. Turn off "Open now" to schedule an order for later.');
    expect(t("help.many", { count: 2, q: "refund" })).toBe('2 articles match "refund".');
    expect(t("legal.description", { name: LEGAL_NAMES.terms, version: 3 })).toBe("Nosh's Terms of Service, version 3.");
    const words = wordsFor("en", "browse");
    expect(fill(words.card.reviewMany, { count: 12 })).toBe("12 reviews");
    expect(fill(words.reviews.card.hiddenOther, { reason: "Spam" })).toBe("Hidden by Nosh: Spam. Only you and the author can see it; it does not count in the rating.");
    expect(fill(words.restaurant.tooFarDetail, { km: 9.5, name: "Taqueria", radius: 5 })).toBe("Your address is 9.5 km away; Taqueria delivers within 5 km.");
  });
});

describe("browse in Spanish", () => {
  it("words the home page, search and the help centre, and searches the articles in Spanish", () => {
    const es = wordsFor("es", "browse");
    expect(es.home.title).toBe("Restaurantes cerca de ti");
    expect(es.card.cuisines.Mexican).toBe("Mexicana");
    expect(fill(es.search.restaurantMany, { count: 4 })).toBe("4 restaurantes");
    const articles = HELP_ARTICLES.map((article) => {
      const own = es.help.articles[article.slug as keyof typeof es.help.articles];
      return { ...article, title: own.title, body: Object.values(own.body) };
    });
    expect(searchHelp("reembolso", articles).map((article) => article.slug)).toContain("refunds");
    expect(searchHelp("refund", articles)).toEqual([]);
    expect(freeDeliveryCardText(2500, es.cardFee, "es")).toBe("Envío de 0\u00a0US$ en pedidos de más de 25\u00a0US$");
    expect(freeDeliveryCardText(2500)).toBe("$0 delivery fee over $25");
    const about = (locale: "en" | "es") => aboutDeliveryText(SPEC_PRICING, wordsFor(locale, "restaurant").fee, wordsFor(locale, "browse").about.fee, locale);
    expect(about("en")).toBe(aboutDeliveryText(SPEC_PRICING, ENGLISH.restaurant.fee));
    expect(about("es")).toBe("La entrega cuesta 6,49\u00a0US$ en cada pedido, +1,49\u00a0US$ por la prioritaria; los impuestos y cargos son el 10 % del subtotal");
  });
});
