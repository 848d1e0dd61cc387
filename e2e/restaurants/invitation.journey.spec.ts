import { expect, test } from "../fixtures";
import { newClient, pageClient, uniqueEmail } from "../support/api";
import { invitationLinkOf, pathOf, verifyEmailOf } from "../support/mailbox";
import { signUpOwner } from "../support/owner";
import { expectAccessible, fillSignupForm, shoot } from "../support/pages";

// A team invitation's link opened signed out (docs/architecture/team.md "Invitations"), at a
// phone's width: the page names the restaurant and the role, and Sign up (or Log in) leads back to
// it; once the address is confirmed the invitation is accepted there. A link that no longer works
// says only that. Screenshots at 390 and 1280 px (SCREENSHOT_DIR).

test.describe.configure({ timeout: 90_000 });

test("an invitation opened signed out names the restaurant and role, and signing up comes back to accept it", async ({ page, baseURL }) => {
  await page.setViewportSize({ width: 390, height: 900 });
  const owner = await signUpOwner(baseURL!);
  const email = uniqueEmail("invitee");
  expect((await owner.client.post(`/api/manage/${owner.restaurant.id}/team/invitations`, { email, role: "manager" })).status()).toBe(201);
  const link = pathOf(await invitationLinkOf(await newClient(baseURL!), email));

  await test.step("signed out: the restaurant and the role, with Log in and Sign up back to the link", async () => {
    await page.goto(link);
    await expect(page).toHaveURL(link);
    await expect(page.getByRole("heading", { level: 1, name: `Join the team at ${owner.restaurant.name}` })).toBeVisible();
    await expect(page.getByText(`You were invited to work at ${owner.restaurant.name} on Nosh as Manager, with your own login.`)).toBeVisible();
    await expect(page.getByRole("link", { name: "Log in to accept" })).toHaveAttribute("href", `/login?next=${encodeURIComponent(link)}`);
    await expect(page.getByRole("button", { name: "Accept the invitation" })).toHaveCount(0);
    await expectAccessible(page, "invitation signed out");
    await shoot(page, "invitation-signed-out");
  });

  await test.step("Sign up with the invited address comes back to the link; confirmed, the invitation is accepted", async () => {
    await page.getByRole("link", { name: "Sign up" }).click();
    await page.waitForURL(/\/signup\?next=/);
    await fillSignupForm(page, { name: "Mina Manager", credential: email });
    await page.waitForURL(`**${link}`);
    await verifyEmailOf(await pageClient(page), email);
    await page.reload();
    await page.getByRole("button", { name: "Accept the invitation" }).click();
    await expect(page.getByRole("status")).toContainText(`You joined ${owner.restaurant.name} as Manager.`);
  });

  await test.step("a used or unknown link says only that it no longer works", async () => {
    await page.goto(link);
    await expect(page.getByRole("heading", { level: 1, name: "This invitation link no longer works" })).toBeVisible();
    const other = await page
      .context()
      .browser()!
      .newContext({ baseURL, viewport: { width: 390, height: 900 } });
    const visitor = await other.newPage();
    await visitor.goto(`/team/accept?token=${"x".repeat(43)}`);
    await expect(visitor.getByRole("heading", { level: 1, name: "This invitation link no longer works" })).toBeVisible();
    await expect(visitor.getByText(owner.restaurant.name)).toHaveCount(0);
    await expectAccessible(visitor, "invitation link gone");
    await shoot(visitor, "invitation-gone");
    await other.close();
  });
});
