import { expect, test } from "../fixtures";
import { acceptOrder, placeOrder } from "../support/orders";
import { signUpOwner } from "../support/owner";
import { SimulatedPrinter } from "@/lib/server/printers/testing/simulated-printer";

// A kitchen printer's Star CloudPRNT calls over HTTP (docs/architecture/kitchen.md "Printers that
// print by themselves"): its credentials are its only authority (a session or wrong credentials: 401,
// nothing recorded), it reaches its own restaurant's jobs only, and its poll's body is capped.

async function printerOf(owner: Awaited<ReturnType<typeof signUpOwner>>, baseURL: string, prints = "kitchen") {
  const created = await owner.client.post(`/api/manage/${owner.restaurant.id}/printers`, { name: "Pass", prints });
  expect(created.status()).toBe(201);
  const { printer, password } = await created.json();
  return new SimulatedPrinter(new URL("/api/printers/cloudprnt", baseURL).toString(), printer.login, password);
}

test("another restaurant's printer cannot fetch or confirm this restaurant's jobs; wrong credentials are a 401", async ({ owner, customer, baseURL }) => {
  const ours = await printerOf(owner, baseURL!);
  const order = await placeOrder(customer.client, { restaurantId: owner.restaurant.id, itemId: owner.item.id });
  await acceptOrder(owner.client, owner.restaurant.id, order.id);
  const { answer } = await ours.poll();
  expect(answer).toMatchObject({ jobReady: true, mediaTypes: ["application/vnd.star.starprnt", "text/plain"] });

  const other = await signUpOwner(baseURL!);
  const theirs = await printerOf(other, baseURL!);
  const auth = { authorization: `Basic ${Buffer.from(`${theirs.login}:${theirs.password}`).toString("base64")}` };
  expect((await fetch(`${theirs.url}?token=${answer.jobToken}&type=text/plain`, { headers: auth })).status).toBe(404);
  expect((await fetch(`${theirs.url}?token=${answer.jobToken}&code=OK`, { method: "DELETE", headers: auth })).status).toBe(404);
  expect((await theirs.poll()).answer).toEqual({ jobReady: false });
  await other.client.dispose();

  // Wrong password, no credentials, the owner's own session: 401, and the job still waits.
  const wrong = new SimulatedPrinter(ours.url, ours.login, "wrong-password");
  expect((await wrong.poll()).status).toBe(401);
  expect((await fetch(`${ours.url}?token=${answer.jobToken}&type=text/plain`)).status).toBe(401);
  expect((await owner.client.get(`/api/printers/cloudprnt?token=${answer.jobToken}&type=text/plain`)).status()).toBe(401);
  expect((await ours.poll()).answer.jobToken).toBe(answer.jobToken);

  // StarPRNT for a real printer: receiptline's commands, the order number among them.
  const mine = { authorization: `Basic ${Buffer.from(`${ours.login}:${ours.password}`).toString("base64")}` };
  const star = await fetch(`${ours.url}?token=${answer.jobToken}&type=application/vnd.star.starprnt`, { headers: mine });
  expect(star.status).toBe(200);
  expect(star.headers.get("content-type")).toBe("application/vnd.star.starprnt");
  expect(Buffer.from(await star.arrayBuffer()).toString("latin1")).toContain(`#${order.id}`);
  // A media type Nosh does not serve: 415.
  const png = await fetch(`${ours.url}?token=${answer.jobToken}&type=image/png`, { headers: mine });
  expect(png.status).toBe(415);
});

test("a poll's body over 64 KB is refused before anything is read or recorded", async ({ owner, baseURL }) => {
  const printer = await printerOf(owner, baseURL!);
  const response = await fetch(printer.url, {
    method: "POST",
    headers: { authorization: `Basic ${Buffer.from(`${printer.login}:${printer.password}`).toString("base64")}`, "content-type": "application/json" },
    body: JSON.stringify({ statusCode: "200 OK", status: "x".repeat(70_000) }),
  });
  expect(response.status).toBe(413);
  const { printers } = await (await owner.client.get(`/api/manage/${owner.restaurant.id}/printers`)).json();
  expect(printers[0].lastSeenAt).toBeNull();
});
