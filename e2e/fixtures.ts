import { test as base } from "@playwright/test";
import { checked, newClient, openClients, signUpCustomer, signUpGuest, type Client, type SignedUp } from "./support/api";
import { signUpOwner } from "./support/owner";
import { gotoHydrated, hydrateNewPages } from "./support/pages";

// The e2e suite's test kit: every spec imports `test` and `expect` from here. Its fixtures
// start fresh and clean up after themselves:
// - `api`: an anonymous client (support/api.ts) holding its session's XSRF token;
// - `customer`: a signed-up customer (wallet 999.99) and its client;
// - `owner`: a signed-up owner with a restaurant and one dish (support/owner.ts);
// - `guest`: a guest session and its user;
// - `request`: Playwright's own, with every response passed to the contract check
//   (support/contract.ts), as the client's are;
// - `page`: Playwright's own, whose goto() and reload() return once the page has hydrated
//   (support/pages.ts, gotoHydrated), so a test's first click is never lost;
// - `browser`: Playwright's own, whose contexts' pages do the same (hydrateNewPages).
// Every client a test makes with newClient (directly or through a helper) is disposed when the
// test ends, and those a spec's beforeAll made when the worker ends.

type Fixtures = {
  api: Client;
  customer: SignedUp;
  owner: Awaited<ReturnType<typeof signUpOwner>>;
  guest: Awaited<ReturnType<typeof signUpGuest>>;
  disposeTestClients: void;
};

const disposeAll = (clients: Iterable<Client>) => Promise.all([...clients].map((client) => client.dispose()));

export const test = base.extend<Fixtures, { disposeWorkerClients: void }>({
  // API tests on every other worker call the second server process (and theirs "the other process"
  // is then the first): one process's thread was the API project's limit (e2e/README.md, "Wall time").
  // Journeys stay on the first; E2E_SPLIT_API=0 keeps every test there.
  baseURL: async ({ baseURL }, provide, testInfo) => {
    const second = process.env.E2E_SECOND_URL;
    if (process.env.E2E_SPLIT_API !== "0" && testInfo.project.name === "api" && testInfo.parallelIndex % 2 === 1 && second && baseURL && second !== baseURL) {
      process.env.E2E_SECOND_URL = baseURL;
      await provide(second);
      process.env.E2E_SECOND_URL = second;
      return;
    }
    await provide(baseURL);
  },
  page: async ({ page }, provide) => {
    await gotoHydrated(page);
    await provide(page);
  },
  browser: [
    async ({ browser }, provide) => {
      hydrateNewPages(browser);
      await provide(browser);
    },
    { scope: "worker" },
  ],
  request: async ({ request }, provide) => {
    await provide(checked(request));
  },
  api: async ({ baseURL }, provide) => {
    const client = await newClient(baseURL!);
    await provide(client);
    await client.dispose();
  },
  customer: async ({ baseURL }, provide) => {
    const signed = await signUpCustomer(baseURL!);
    await provide(signed);
    await signed.client.dispose();
  },
  owner: async ({ baseURL }, provide) => {
    const signed = await signUpOwner(baseURL!);
    await provide(signed);
    await signed.client.dispose();
  },
  guest: async ({ baseURL }, provide) => {
    const signed = await signUpGuest(baseURL!);
    await provide(signed);
    await signed.client.dispose();
  },
  disposeTestClients: [
    async ({}, provide) => {
      const before = new Set(openClients());
      await provide();
      await disposeAll([...openClients()].filter((client) => !before.has(client)));
    },
    { auto: true },
  ],
  disposeWorkerClients: [
    async ({}, provide) => {
      await provide();
      await disposeAll(openClients());
    },
    { auto: true, scope: "worker" },
  ],
});

export { expect } from "@playwright/test";
export type { APIResponse, Browser, BrowserContext, Page, Route } from "@playwright/test";
