import { describe, expect, it } from "vitest";
import { submitOrderSchema } from "@/lib/contract/orders/checkout-rules";
import { profileUpdateSchema } from "@/lib/contract/accounts/profile-rules";
import { signupSchema } from "@/lib/contract/accounts/auth-rules";
import { setUpTestDatabase } from "../platform/testing/db";
import { paymentFor } from "../orders/testing/payment";
import { englishIssue } from "@/lib/contract/testing/in-english";

// Mail and push in the person's own language (docs/architecture/languages.md "Mail and push"),
// against a real migrated database: the account keeps its language (User.language), a Spanish
// customer's order mails and pushes are in Spanish, an English one's are word for word what they
// were before the catalogue; every other kind too (words.test.ts holds each kind's English to the bell's).

setUpTestDatabase();

const { db } = await import("../platform/db");
const { sqlOf, sqlTransaction } = await import("../platform/sql");
const { notify } = await import("./outbox");
const { placeOrder } = await import("../orders/place");
const { acceptOrder } = await import("../orders/accept");
const { renderMail } = await import("../mail/email");
const { origin } = await import("../mail/message");
const { pushMessage } = await import("./push");
const { languageOf } = await import("./words");
const users = await import("../accounts/users");
const { customer, shop } = await import("../platform/testing/fixtures");
const { applyAsCourier } = await import("../operators/couriers");
const { statedLanguageOf } = await import("../web/request-language");

const wallet = submitOrderSchema.parse({ deliveryOption: "standard", tipPercent: 15, paymentMethod: "wallet" });

async function acceptedOrderOf(language: string | null) {
  const s = await shop();
  const user = await customer("lang", { language });
  const order = await sqlTransaction((sql) =>
    placeOrder(sql, user, { cart: { restaurantId: s.restaurant.id, items: [{ menuItemId: s.dish.id, quantity: 1 }] } }, wallet, paymentFor(wallet)),
  );
  await acceptOrder(s.owner, s.restaurant.id, order.id, 20);
  return { s, user, order };
}

const rowOf = (userId: number, kind: string, channel = "email") => db.notification.findFirstOrThrow({ where: { userId, kind, channel } });
/** A mail's text with what changes from run to run (the clock's times, the links) named. */
const shape = (text: string, unsubscribe: string | null) =>
  text
    .replaceAll(unsubscribe ?? "-", "{unsubscribe}")
    .replaceAll(origin(), "{origin}")
    .replace(/\d{1,2}:\d{2}(?:[\s\u202f\u00a0]?(?:[AP]M|[ap]\.[\s\u202f\u00a0]?m\.))?/g, "{time}");

describe("the account's language", () => {
  it("is saved by PUT /api/users/{id} and the footer's links, read back in the user JSON, forgotten with null; an unknown one is refused naming the field", async () => {
    const user = await customer("setting");
    expect(users.userToJson(await users.withWallet(user)).language).toBeNull();
    const saved = await users.updateProfile(user, user.id, profileUpdateSchema.parse({ language: "es" }));
    expect(users.userToJson(saved).language).toBe("es");
    expect(await languageOf(user.id)).toBe("es");
    await users.saveLanguage(user.id, "fr");
    expect(await languageOf(user.id)).toBe("fr");
    expect(users.userToJson(await users.updateProfile(user, user.id, profileUpdateSchema.parse({ language: null }))).language).toBeNull();
    const refused = profileUpdateSchema.safeParse({ language: "de" });
    expect(refused.success).toBe(false);
    expect(englishIssue(refused.error!.issues[0]!)).toMatchObject({ path: ["language"], message: "Must be one of en, es, fr" });
    // The spec's body without the field still works, and leaves the language alone.
    await users.saveLanguage(user.id, "es");
    expect(users.userToJson(await users.updateProfile(user, user.id, profileUpdateSchema.parse({ firstName: "Ana" }))).language).toBe("es");
  });
});

describe("an order's mail and push in the customer's language", () => {
  it("English (no language chosen): the accepted mail and push are word for word as before", async () => {
    const { user, order, s } = await acceptedOrderOf(null);
    const mail = await renderMail(await rowOf(user.id, "order_accepted"));
    expect(mail.subject).toBe(`Order #${order.id} accepted: the restaurant is preparing it`);
    expect(shape(mail.text, mail.unsubscribeUrl)).toBe(
      [
        "Hi Ada,",
        `Order #${order.id} accepted: the restaurant is preparing it.`,
        `Restaurant: ${s.restaurant.name}`,
        "Arriving between {time} and {time}",
        "",
        `See your order: {origin}/orders/${order.id}`,
        "",
        "Change what Nosh sends you: {origin}/account/notifications",
        "Unsubscribe from these emails: {unsubscribe}",
      ].join("\n"),
    );
    expect(mail.html).toContain('lang="en"');
    expect(mail.html).toContain("Unsubscribe from these emails");
    const push = pushMessage(await rowOf(user.id, "order_accepted", "in_app"), await languageOf(user.id));
    expect(push).toMatchObject({ title: "Your order was accepted", body: `Order #${order.id} accepted: the restaurant is preparing it`, url: `/orders/${order.id}` });
  });

  it("Spanish: the accepted mail and push, and the receipt, are in Spanish", async () => {
    const { user, order, s } = await acceptedOrderOf("es");
    const mail = await renderMail(await rowOf(user.id, "order_accepted"));
    expect(mail.subject).toBe(`Pedido n.º ${order.id} aceptado: el restaurante lo está preparando`);
    expect(shape(mail.text, mail.unsubscribeUrl)).toBe(
      [
        "Hola, Ada:",
        `Pedido n.º ${order.id} aceptado: el restaurante lo está preparando.`,
        `Restaurante: ${s.restaurant.name}`,
        "Llega entre las {time} y las {time}",
        "",
        `Ver tu pedido: {origin}/orders/${order.id}`,
        "",
        "Cambia lo que Nosh te envía: {origin}/account/notifications",
        "Darse de baja de estos correos: {unsubscribe}",
      ].join("\n"),
    );
    expect(mail.html).toContain('lang="es"');
    expect(mail.html).toContain("Darse de baja de estos correos");
    const push = pushMessage(await rowOf(user.id, "order_accepted", "in_app"), await languageOf(user.id));
    expect(push).toMatchObject({ title: "Tu pedido fue aceptado", body: `Pedido n.º ${order.id} aceptado: el restaurante lo está preparando` });

    const receipt = await renderMail(await rowOf(user.id, "order_receipt"));
    expect(receipt.subject).toBe(`Tu recibo de Nosh del pedido n.º ${order.id}`);
    // Amounts as Spanish writes them ("10,00 US$"), times in the restaurant's zone.
    expect(receipt.text).toContain("Subtotal: 10,00\u00a0US$");
    expect(receipt.text).toMatch(/\nPropina: \d+,\d\d\u00a0US\$\n/);
    expect(receipt.text).toMatch(/\nTotal: \d+,\d\d\u00a0US\$\n/);
    expect(receipt.text).not.toMatch(/Hi |Tip:|See your order/);
  });

  it("every other kind is in the person's language too (the welcome mail), and English without one", async () => {
    const user = await customer("welcome", { language: "es" });
    await db.$transaction((tx) => notify(sqlOf(tx), { to: { userId: user.id }, kind: "account_welcome", cause: "welcome", payload: {} }));
    const mail = await renderMail(await rowOf(user.id, "account_welcome"));
    expect(mail.text.split("\n").slice(0, 3)).toEqual([
      "Hola, Ada:",
      "Te damos la bienvenida a Nosh.",
      "Tu cuenta está lista, con un monedero para pedir a los restaurantes cerca de ti.",
    ]);
    expect(mail.text).toContain("Buscar un restaurante: ");
    expect(mail.html).toContain('lang="es"');
    const english = await customer("welcome-en");
    await db.$transaction((tx) => notify(sqlOf(tx), { to: { userId: english.id }, kind: "account_welcome", cause: "welcome", payload: {} }));
    const plain = await renderMail(await rowOf(english.id, "account_welcome"));
    expect(plain.text.split("\n").slice(0, 3)).toEqual(["Hi Ada,", "Welcome to Nosh.", "Your account is ready, with a wallet to order from the restaurants near you."]);
    expect(plain.text).toContain("Find a restaurant: ");
    expect(plain.html).toContain('lang="en"');
  });
});

describe("the language a person signed up in", () => {
  const signup = (label: string) => signupSchema.parse({ name: "Ada Lovelace", credential: `${label}-${Math.random()}@example.com`, password: "correct horse" });
  const subjectOf = async (userId: number, kind: string) => (await renderMail(await rowOf(userId, kind))).subject;

  it("is the request's (its cookie, else Accept-Language), none when it states none", () => {
    const request = (cookie: string | undefined, accept: string | null) => ({
      cookies: { get: (name: string) => (cookie && name === "nosh_lang" ? { value: cookie } : undefined) },
      headers: new Headers(accept ? { "accept-language": accept } : {}),
    });
    expect(statedLanguageOf(request(undefined, "es-MX,es;q=0.9"))).toBe("es");
    expect(statedLanguageOf(request("es", "en-US"))).toBe("es");
    expect(statedLanguageOf(request(undefined, "en-US,en;q=0.9"))).toBe("en");
    expect(statedLanguageOf(request(undefined, null))).toBeNull();
    // The mirror pseudo-locale is a layout test's, no one's language.
    expect(statedLanguageOf(request("en-XB", "es"))).toBeNull();
  });

  it("is kept as theirs: the welcome and verification mails of a Spanish sign-up are Spanish, an English one's English", async () => {
    const spanish = await users.signUp(signup("es"), null, "signup-es", "es");
    expect(await languageOf(spanish.id)).toBe("es");
    expect(await subjectOf(spanish.id, "account_welcome")).toBe("Te damos la bienvenida a Nosh");
    expect(await subjectOf(spanish.id, "email_verification")).toBe("Confirma tu dirección de correo");
    const english = await users.signUp(signup("en"), null, "signup-en", "en");
    expect(await subjectOf(english.id, "account_welcome")).toBe("Welcome to Nosh");
    expect(await subjectOf(english.id, "email_verification")).toBe("Confirm your email address");
    // A request that states none leaves it unchosen (English).
    expect(await languageOf((await users.signUp(signup("none"), null, "signup-none")).id)).toBeNull();
  });

  it("a guest's is its page's, kept when it signs up from a request that states none; a courier application sets one only where there is none", async () => {
    const guest = await users.createGuest("guest-es", "es");
    expect(await languageOf(guest.id)).toBe("es");
    const full = await users.signUp(signup("guest"), guest, "guest-es");
    expect(await languageOf(full.id)).toBe("es");
    expect(await subjectOf(full.id, "account_welcome")).toBe("Te damos la bienvenida a Nosh");

    const unset = await customer("apply-es");
    await applyAsCourier(unset, "bike", new Date(), "es");
    expect(await languageOf(unset.id)).toBe("es");
    const chosen = await customer("apply-fr", { language: "fr" });
    await applyAsCourier(chosen, "bike", new Date(), "es");
    expect(await languageOf(chosen.id)).toBe("fr");
  });
});
