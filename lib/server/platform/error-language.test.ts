import { describe, expect, it } from "vitest";
import { IntlMessageFormat } from "intl-messageformat";
import { ENGLISH } from "@/lib/i18n/catalogues";
import { profileUpdateSchema } from "@/lib/contract/accounts/profile-rules";
import { AUTH_SAID } from "@/lib/contract/zod-free/auth-rules";
import { PROFILE_SAID } from "@/lib/contract/zod-free/profile-rules";
import { CHECKOUT_SAID } from "@/lib/contract/orders/checkout-rules";
import * as shared from "@/lib/shared/words/messages";
import { said, word } from "@/lib/shared/words/said";
import { inEnglish } from "@/lib/contract/testing/in-english";
import { ApiError, conflict, errorResponse, errorTextIn, fieldError, fromZod, notFound, unauthorized } from "./errors";

// The API's errors in the request's language (docs/architecture/languages.md "Not yet"): Spanish
// for a Spanish request, the server's English byte for byte for an English one and for one that
// names no language (the spec's and the contract's messages are verbatim; QA suites read them).

const bodyOf = async (response: Response) => JSON.parse(await response.text()) as { message: string; errors?: Record<string, string> };
const { messages } = ENGLISH.server.errors;

describe("the catalogue of error messages", () => {
  it("holds the server's messages as they are thrown, word for word (an English entry renders as written)", () => {
    for (const [key, english] of Object.entries(messages)) {
      if (!/\{/.test(english)) expect(new IntlMessageFormat(english, "en").format(), key).toBe(english);
    }
    const values = new Set(Object.values(messages) as string[]);
    const thrown = [
      ...Object.values(AUTH_SAID),
      ...Object.values(PROFILE_SAID),
      ...Object.values(CHECKOUT_SAID),
      said("messages.insufficientFunds"),
      shared.SERVER_FAILURE,
      said("messages.quantity"),
      said("messages.nameRequired"),
      said("messages.deliveryAddressNeeded"),
      shared.GROUP_LOCKED,
      said("messages.promoTooMany"),
      // payments/providers/provider.ts's DECLINE_SAID (platform imports no other folder).
      "Your card was declined. Try another card.",
      "Your card's security code (CVC) is incorrect.",
    ];
    for (const message of thrown) expect(values.has(inEnglish(message)), message).toBe(true);
  });
});

describe("an error's answer", () => {
  it("is said by key: the error's message is the English catalogue's words", () => {
    const error = fieldError("email", said("messages.emailInUse"));
    expect(error.message).toBe("Email is already in use");
    expect(error.errors).toEqual({ email: "Email is already in use" });
    expect(unauthorized().message).toBe("Unauthorized");
  });

  it("is Spanish for a Spanish request: the message and each field's, messages with values too", async () => {
    expect(await bodyOf(errorResponse(notFound(said("messages.orderNotFound")), "es"))).toEqual({ message: "No se encontró el pedido" });
    expect(await bodyOf(errorResponse(notFound(word("quote")), "es"))).toEqual({ message: "No se encontró: Cotización" });
    const required = said("messages.required", { label: word("cuisine") });
    expect(await bodyOf(errorResponse(fieldError("cuisineType", required), "es"))).toEqual({
      message: "Cocina: es obligatorio",
      errors: { cuisineType: "Cocina: es obligatorio" },
    });
    expect(await bodyOf(errorResponse(unauthorized(), "es"))).toEqual({ message: "No autorizado" });
    const login = new ApiError("unauthorized", AUTH_SAID.loginFailed, { credential: AUTH_SAID.loginFailed });
    expect(await bodyOf(errorResponse(login, "es"))).toEqual({ message: "Credenciales no válidas", errors: { credential: "Credenciales no válidas" } });
    const zod = fromZod(profileUpdateSchema.safeParse({ language: "de" }).error!);
    expect(await bodyOf(errorResponse(zod, "es"))).toEqual({ message: "Debe ser uno de estos: en, es, fr", errors: { language: "Debe ser uno de estos: en, es, fr" } });
    expect(errorTextIn("es", said("messages.atMost", { count: 50 }))).toBe("Debe tener como máximo 50 caracteres");
    expect(errorTextIn("es", said("messages.characters", { label: word("password") }))).toBe("Contraseña: tiene caracteres que no se permiten");
    expect(errorTextIn("es", said("messages.required", { label: word("cuisine") }))).toBe("Cocina: es obligatorio");
    expect(errorTextIn("es", said("messages.required", { label: "Flavour" }))).toBe("Flavour: es obligatorio");
    expect(errorTextIn("es", said("messages.walletShort"))).toBe("Fondos insuficientes en tu monedero.");
    expect(errorTextIn("es", said("messages.addressesFull", { max: 10 }))).toBe("Puedes guardar hasta 10 direcciones");
    expect(errorTextIn("es", said("messages.groupFull"))).toBe("Este pedido grupal está lleno");
    // A courier's step away from its stop: the distance in the reader's decimal mark, the step and stop in their words.
    const away = (n: number, step: string) => said("messages.tooFarFromStop", { distance: said("distance.km", { n }), step });
    expect(errorTextIn("es", away(1.5, "delivered"))).toBe("Estás a 1,5 km del punto de entrega: marca entregado cuando estés allí");
    expect(errorTextIn("en", away(1.5, "delivered"))).toBe("You are 1.5 km from the drop-off: mark it delivered when you are there");
    expect(errorTextIn("en", away(2, "picked_up"))).toBe("You are 2 km from the restaurant: mark it picked up when you are there");
    expect(errorTextIn("es", said("messages.tooManyJobs", { max: 1 }))).toBe("Ya llevas 1 entrega: entrega una antes de tomar otra");
    // French has a few (a key it lacks is English).
    expect(errorTextIn("fr", said("messages.orderNotFound"))).toBe("Commande introuvable");
    expect(errorTextIn("fr", said("messages.groupFull"))).toBe("This group order is full");
    // A message the catalogue lacks stays as the server wrote it; the answer keeps its other parts.
    const extra = new ApiError(
      "payment_required",
      "Your bank declined the card",
      { card: "Your bank declined the card" },
      { "Retry-After": "1" },
      { payment: { state: "failed" } },
    );
    const response = errorResponse(extra, "es");
    expect(response.status).toBe(402);
    expect(response.headers.get("retry-after")).toBe("1");
    expect(await bodyOf(response)).toEqual({ message: "Your bank declined the card", errors: { card: "Your bank declined the card" }, payment: { state: "failed" } });
  });

  it("is the server's English, byte for byte, for an English request and for one naming no language", async () => {
    for (const error of [
      notFound(said("messages.orderNotFound")),
      fieldError("email", said("messages.emailInUse")),
      fromZod(profileUpdateSchema.safeParse({ language: "de" }).error!),
    ]) {
      const before = await errorResponse(error).text();
      expect(await errorResponse(error, "en").text()).toBe(before);
    }
    expect(await errorResponse(notFound(said("messages.orderNotFound"))).text()).toBe('{"message":"Order not found"}');
    expect(await errorResponse(notFound(word("zone"))).text()).toBe('{"message":"Zone not found"}');
    expect(await errorResponse(fieldError("email", said("messages.emailInUse"))).text()).toBe(
      '{"message":"Email is already in use","errors":{"email":"Email is already in use"}}',
    );
    // A count as written: 1000, not 1,000.
    expect(await bodyOf(errorResponse(fieldError("note", said("rules.common.atMost", { field: "note", count: 1000 }))))).toEqual({
      message: "note must be at most 1000 characters",
      errors: { note: "note must be at most 1000 characters" },
    });
    for (const message of Object.values(messages) as string[]) expect(errorTextIn("en", message)).toBe(message);
    // Text that is not said (a provider's, a free note) is answered as it came, in every language: no English is matched.
    expect(errorTextIn("es", "Order not found")).toBe("Order not found");
  });

  it("writes a refused move's stage and action in the reader's words (said within said)", async () => {
    const refused = conflict(said("rules.moves.order", { stage: said("rules.moves.orderStages.accepted"), action: said("rules.moves.actions.markedReady") }));
    expect(refused.message).toBe("This order is being prepared, so it cannot be marked ready");
    expect(await bodyOf(errorResponse(refused, "es"))).toEqual({ message: "Este pedido está en preparación, así que no se puede marcar como listo" });
    const already = conflict(said("rules.moves.orderAlready", { status: said("rules.moves.statuses.Submitted") }));
    expect(already.message).toBe("This order was already submitted");
    expect(await bodyOf(errorResponse(already, "es"))).toEqual({ message: "Este pedido ya fue enviado" });
  });

  it("writes a line's choice problem from the catalogue's dish.choices.rules in the reader's language (orders/lines.ts LINE_SAID)", async () => {
    const refused = fieldError("options", said("messages.lineChoice", { problem: said("dish.choices.rules.exactly", { count: 1, name: "Size" }), dish: "Margherita" }));
    expect(await errorResponse(refused, "en").text()).toBe('{"message":"Choose 1 Size for Margherita","errors":{"options":"Choose 1 Size for Margherita"}}');
    expect(await bodyOf(errorResponse(refused, "es"))).toEqual({ message: "Size: elige 1 para Margherita", errors: { options: "Size: elige 1 para Margherita" } });
    expect(errorTextIn("en", said("messages.lineChoice", { problem: said("dish.choices.rules.soldOut", { name: "Large" }), dish: "Margherita" }))).toBe(
      "Large is sold out for Margherita",
    );
  });
});
