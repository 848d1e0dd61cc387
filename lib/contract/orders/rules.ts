import { z } from "zod";
import { idNumber as id } from "../common/id-rules";
import { cartIdInput, submitOrderSchema } from "./checkout-rules";
import { lineChoiceFields } from "../menu/option-rules";
import { said } from "@/lib/shared/words/said";

/**
 * POST /api/orders/ { restaurant_id, items: [{ menu_item_id, quantity, options?: [optionId], instructions? }] }
 * (camelCase accepted). Whether the choices fit the dish is the server's check (lib/shared/menu/options.ts).
 */
export const createOrderSchema = z.object({
  restaurantId: id("restaurant_id"),
  items: z
    .array(
      z.object({
        menuItemId: id("menu_item_id"),
        quantity: z
          .number({ error: said("messages.quantity") })
          .int(said("messages.quantity"))
          .min(1, said("messages.quantity"))
          .max(99, said("messages.quantity")),
        ...lineChoiceFields,
      }),
      { error: said("rules.orders.items") },
    )
    .min(1, said("messages.orderNeedsItem"))
    .max(50, said("messages.orderMaxItems")),
});
export type CreateOrderInput = z.output<typeof createOrderSchema>;

/**
 * POST /api/orders/ with the whole checkout at once: the cart plus `submit`, the body of
 * PUT /api/orders/{id}/submit. Created and submitted in one transaction (201, the Submitted order);
 * without `submit` it is createOrderSchema's Active order, as before.
 */
export const placeOrderSchema = createOrderSchema
  .extend({
    submit: submitOrderSchema.optional(),
    /**
     * The browser cart this Active order is for (checkout from the cart): the order made for it
     * before is answered again while the lines are the same, replaced otherwise
     * (lib/server/orders/cart-order.ts). Not with `submit` (its own `submit.cartId`).
     */
    cartId: cartIdInput.optional(),
  })
  .refine((body) => !(body.cartId && body.submit), { message: said("rules.orders.cartIdSubmit"), path: ["cartId"] });
export type PlaceOrderInput = z.output<typeof placeOrderSchema>;

/**
 * POST /api/orders/quote: what placing would charge, without placing. Either the two-step
 * submit's body with the Active order's `orderId`, or the one-call checkout's body (the cart
 * with `submit`); refusals name the fields as the matching placement call would.
 */
const quoteOfOrder = z.object({ orderId: id("orderId") }).and(submitOrderSchema);
const quoteOfCart = createOrderSchema.extend({ submit: submitOrderSchema });
export const quoteOrderSchema = z.unknown().transform((body, ctx): z.output<typeof quoteOfOrder> | z.output<typeof quoteOfCart> => {
  const ofOrder = typeof body === "object" && body !== null && "orderId" in body;
  const result = (ofOrder ? quoteOfOrder : quoteOfCart).safeParse(body);
  if (result.success) return result.data;
  for (const issue of result.error.issues) ctx.addIssue({ code: "custom", message: issue.message, path: issue.path });
  return z.NEVER;
});
/** The quote's body as documented (lib/contract/orders/operations.ts): either shape. */
export const quoteOrderDocSchema = z.union([quoteOfOrder, quoteOfCart]);
