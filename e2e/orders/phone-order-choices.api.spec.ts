import { expect, test } from "../fixtures";
import { textOf } from "../support/html";
import { createPlateWithChoices } from "../support/owner";

// A phone order of a dish with required choices, over HTTP (docs/architecture/phone-orders.md):
// the staff send the size and side the customer chose, checked as at checkout and priced from the
// menu only; the board's card and the kitchen ticket show them, and the payment link's lines too.

test("a dish with a required size and side: taken with its choices, priced from the menu, shown on the board, the ticket and the link; a missing side is a 400 naming the line, nothing placed", async ({
  owner,
  api,
}) => {
  const id = owner.restaurant.id;
  const plate = await createPlateWithChoices(owner.client, id);
  const [size, side] = plate.optionGroups;
  const option = (group: typeof size, name: string) => group!.options.find((o) => o.name === name)!.id;
  const order = (options: number[]) =>
    owner.client.post(`/api/manage/${id}/phone-orders`, {
      name: "Rosa Diaz",
      phone: "415-555-0134",
      fulfilment: "pickup",
      payment: "link",
      items: [
        { menu_item_id: plate.id, quantity: 2, options, instructions: "No onions" },
        { menu_item_id: owner.item.id, quantity: 1 },
      ],
    });
  const open = async () => (await (await owner.client.get(`/api/manage/${id}/board`)).json()).openCounts.placed;
  const before = await open();

  const missing = await order([option(size, "Large")]);
  expect(missing.status()).toBe(400);
  expect((await missing.json()).errors).toEqual({ "items.0.options": "Choose 1 Side for Chicken plate" });
  expect(await open()).toBe(before);

  const placed = await order([option(side, "Salad"), option(size, "Large")]);
  expect(placed.status(), await placed.text()).toBe(201);
  const json = await placed.json();
  // (14 + 2 + 1.50) x 2 and the plain dish: the menu's prices.
  expect(json.subtotal).toBeCloseTo(35 + owner.item.price, 2);
  expect(json.orderItems[0]).toMatchObject({
    name: "Chicken plate",
    quantity: 2,
    unitPrice: 17.5,
    options: [
      { name: "Large", priceDelta: 2 },
      { name: "Salad", priceDelta: 1.5 },
    ],
    instructions: "No onions",
  });
  const card = (await (await owner.client.get(`/api/manage/${id}/board`)).json()).orders.find((o: { id: number }) => o.id === json.id);
  expect(card.orderItems[0].options.map((o: { name: string }) => o.name)).toEqual(["Large", "Salad"]);
  const ticket = await (await owner.client.get(`/restaurants/${id}/tickets/${json.id}`)).text();
  expect(textOf(/<article\b[^>]*data-print-view[^>]*>([\s\S]*?)<\/article>/.exec(ticket)![1]!)).toContain("2 × Chicken plate + Large + Salad Note: “No onions”");
  const pay = await (await api.get(`/pay/${String(json.payLink.url).split("/pay/")[1]}`)).text();
  expect(textOf(/<section[^>]*aria-labelledby="pay-order"[^>]*>([\s\S]*?)<\/section>/.exec(pay)![1]!)).toContain("2 × Chicken plate (Large, Salad)$35.00");
});
