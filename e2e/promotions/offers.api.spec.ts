import { expect, test } from "../fixtures";
import { signUp, newClient } from "../support/api";
import { deliverOrder } from "../support/orders";
import { createItem, signUpOwner } from "../support/owner";
import { signUpOperator } from "../support/operator";
import { write } from "../support/couriers";

// The offers restaurants run, over HTTP (docs/architecture/promotions.md "Offers"): bad input
// refused beside its field, a platform offer the operator's alone, a free dish priced by the
// server with its label and the reason below its basket (in the request's language), and who pays booked at
// delivery: the platform's offer from the ledger's promotions account, the restaurant's share whole.

test("offers: bad input named, the platform's offer is the operator's, a free dish priced on the server and its funding booked at delivery", async ({
  owner,
  baseURL,
}) => {
  const url = `/api/manage/${owner.restaurant.id}/promotions`;
  const elsewhere = await signUpOwner(baseURL!);
  const refused = async (body: Record<string, unknown>) => {
    const response = await owner.client.post(url, body);
    expect(response.status()).toBe(400);
    return (await response.json()).errors;
  };
  expect(await refused({ kind: "bogo", dishId: elsewhere.item.id })).toEqual({ dishId: "Choose a dish of this restaurant's menu" });
  expect(await refused({ kind: "section_percent", value: 20, sectionId: 1, windowFrom: "17:00", windowUntil: "15:00" })).toMatchObject({
    windowUntil: "The window must end after it starts",
  });
  expect(await refused({ kind: "amount", value: -2 })).toEqual({ value: "Amount must be more than $0 and at most $1000, with at most two decimals" });

  // The operator's platform offer: a free lemonade once the rest reaches $20; never a code; its owner cannot change it.
  const lemonade = await createItem(owner.client, owner.restaurant.id, { name: "Lemonade", price: 3 });
  const operator = await signUpOperator(baseURL!);
  const offers = `/api/admin/restaurants/${owner.restaurant.id}/offers`;
  const withCode = await operator.client.post(offers, { kind: "free_item", dishId: lemonade.id, minSubtotal: 20, code: "FREEDRINK" });
  expect((await withCode.json()).errors).toEqual({ code: "An offer of this kind applies without a code: leave the code empty" });
  const created = await operator.client.post(offers, { kind: "free_item", dishId: lemonade.id, minSubtotal: 20 });
  expect(created.status()).toBe(201);
  const { offer } = await created.json();
  expect(offer).toMatchObject({ kind: "free_item", fundedBy: "platform", dishId: lemonade.id, label: "Free Lemonade on orders of $20.00 or more" });
  expect((await owner.client.put(`${url}/${offer.id}`, { kind: "amount", value: 1 })).status()).toBe(404);
  expect((await owner.client.post(offers, { kind: "amount", value: 1 })).status()).toBe(403);

  // Below the basket: the reason, in Spanish when asked; from it, the lemonade free on the server's numbers.
  const customer = await newClient(baseURL!, { "Accept-Language": "es" });
  await signUp(customer);
  const body = (burgers: number) => ({
    restaurant_id: owner.restaurant.id,
    items: [
      { menu_item_id: owner.item.id, quantity: burgers },
      { menu_item_id: lemonade.id, quantity: 1 },
    ],
    submit: { deliveryOption: "standard", tip: 0, paymentMethod: "wallet" },
  });
  const short = await (await customer.post("/api/orders/quote", body(1))).json();
  expect(short).toMatchObject({
    discount: 0,
    unavailableOffers: [{ label: "Lemonade gratis en pedidos de $20.00 o más", reason: "Añade $7.50 más y llévate Lemonade gratis" }],
  });
  const quoted = await (await customer.post("/api/orders/quote", body(2))).json();
  expect(quoted).toMatchObject({
    discount: 3,
    promotion: { label: "Lemonade gratis en pedidos de $20.00 o más" },
    offerSavings: [{ menuItemId: lemonade.id, saving: 3, label: "Lemonade gratis en pedidos de $20.00 o más" }],
  });
  const placed = await customer.post("/api/orders/", { ...body(2), submit: { ...body(2).submit, expectedTotal: quoted.total } });
  expect(placed.status()).toBe(201);
  const order = await placed.json();
  expect(order).toMatchObject({ subtotal: 28, discount: 3, totalCost: quoted.total });

  // Delivered by the restaurant's own staff: the settlement's lines show who paid the free lemonade.
  await deliverOrder(owner.client, owner.restaurant.id, order.id);
  const lines = await write((query) =>
    query(
      `SELECT l."account" AS "account", l."amountCents" AS "cents" FROM "LedgerLine" l JOIN "LedgerEntry" e ON e."id" = l."entryId" WHERE e."orderId" = ? AND e."kind" = 'settlement'`,
      [order.id],
    ),
  );
  const line = (account: string) => lines.filter((row) => row.account === account).reduce((sum, row) => sum + Number(row.cents), 0);
  expect(line("promotions")).toBe(-300);
  // The restaurant: 28.00 less the 15% commission (4.20), and the delivery fee its own staff earned: no discount off its share.
  expect(line(`restaurant:${owner.restaurant.id}`)).toBe(2_800 - 420 + Math.round(order.deliveryFee * 100));
});
