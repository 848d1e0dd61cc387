import { expect, test } from "../fixtures";
import { signUpCustomer } from "../support/api";
import { makeCourier } from "../support/couriers";

// Payout onboarding over HTTP (docs/architecture/payouts.md): only the restaurant's owner (and a
// courier, for their own) gets a link to the test provider's onboarding page; another owner's
// restaurant is a 404 that makes nothing; the page and its answer take the link's token only,
// once; the state reaches Nosh from the provider's webhook.

const TOKEN = /^\/test-provider\/onboarding\/([A-Za-z0-9_-]{32})$/;

test("the owner's link answers once; nobody else can start or see the restaurant's onboarding", async ({ baseURL, owner: { client: owner, restaurant } }) => {
  const { client: stranger, user } = await signUpCustomer(baseURL!);
  const started = await owner.post(`/api/manage/${restaurant.id}/payout-account/onboarding`);
  expect(started.status()).toBe(200);
  const { url } = await started.json();
  const token = TOKEN.exec(url)![1]!;
  expect((await owner.get(`/api/manage/${restaurant.id}/payout-account`)).status()).toBe(200);
  expect((await (await owner.get(`/api/manage/${restaurant.id}/payout-account`)).json()).payoutAccount).toMatchObject({
    status: "pending",
    detailsSubmitted: false,
    label: "Set-up not finished",
  });

  // Another user: 404 for the restaurant's onboarding and its account; 403 for the courier's (not a courier).
  expect((await stranger.post(`/api/manage/${restaurant.id}/payout-account/onboarding`)).status()).toBe(404);
  expect((await stranger.get(`/api/manage/${restaurant.id}/payout-account`)).status()).toBe(404);
  expect((await stranger.post(`/api/courier/payout-account/onboarding`)).status()).toBe(403);
  // Made a courier, they have their own account: none yet, and never the restaurant's.
  await makeCourier(user.id);
  expect((await (await stranger.get(`/api/courier/payout-account`)).json()).payoutAccount).toBeNull();

  // The page: the link's token only; a guessed one is not found.
  expect((await stranger.get(`/test-provider/onboarding/${"A".repeat(32)}`)).status()).toBe(404);
  expect((await stranger.post(`/api/test-provider/onboarding/${"A".repeat(32)}`, { outcome: "verify" })).status()).toBe(404);
  const bad = await owner.post(`/api/test-provider/onboarding/${token}`, { outcome: "approve" });
  expect(bad.status()).toBe(400);
  expect((await bad.json()).errors).toHaveProperty("outcome");
  expect((await owner.get(`/test-provider/onboarding/${token}`)).status()).toBe(200);
  const answered = await owner.post(`/api/test-provider/onboarding/${token}`, { outcome: "verify" });
  expect(answered.status()).toBe(200);
  expect(await answered.json()).toEqual({ status: "verified", returnUrl: `/restaurants/${restaurant.id}/payouts?onboarding=return` });
  // Used: gone.
  expect((await owner.post(`/api/test-provider/onboarding/${token}`, { outcome: "reject" })).status()).toBe(404);
  expect((await owner.get(`/test-provider/onboarding/${token}`)).status()).toBe(404);
  await expect
    .poll(async () => (await (await owner.get(`/api/manage/${restaurant.id}/payout-account`)).json()).payoutAccount.status, { timeout: 30_000 })
    .toBe("verified");
});
