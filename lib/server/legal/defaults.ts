import "server-only";
import type { LegalKind } from "@/lib/shared/people/legal";

// Version 1 of each legal document: the text the app ships, in effect until an operator publishes
// version 2 at /admin/legal (lib/server/legal/documents.ts). Never edited once released: a change
// is a new version, which asks owners and couriers to accept again.

export const FIRST_VERSIONS: Record<LegalKind, { title: string; body: string }> = {
  terms: {
    title: "Terms of Service",
    body: `These terms apply when you use Nosh to browse restaurants, order food, run a restaurant or deliver orders.

## Your account

- You give us true details when you sign up and keep your password to yourself.
- You are responsible for what is done with your account. Tell us at once through [Contact us](/help/contact) if you think someone else is using it.
- You may close your account at any time from [your account page](/account).

## Orders

- An order is a request to the restaurant. It becomes a contract between you and the restaurant when the restaurant accepts it.
- Prices, fees, tax and tip are shown before you place an order. The total you see at checkout is what you pay.
- A restaurant may reject an order; anything you paid for it is refunded to how you paid.
- If something is wrong with an order, report a problem from the order's page within the time it shows.

## Wallet and credits

Money in your Nosh wallet can be spent on orders. Promotional credit has no cash value and cannot be withdrawn.

## What you must not do

Do not misuse the service: no fraud, no attempts to break in or overload it, no reviews that are false or abusive, no harassment of restaurants, couriers or other customers.

## Changes

We may change these terms. The version and date are shown at the top of this page, and earlier versions stay readable.`,
  },
  privacy: {
    title: "Privacy Policy",
    body: `This policy says what Nosh collects about you, why, how long it is kept, and what you can do about it.

## What we collect and why

| What | Why |
| --- | --- |
| Your name, email address, phone number and delivery addresses | To run your account, deliver your orders and send the messages you asked for |
| Your orders, reviews, favourites and problem reports | To place, deliver and support your orders, and to show restaurants' ratings |
| Wallet and payment records (for cards: the brand, last four digits and expiry, never the number) | To take payment, give refunds and keep the accounts the law asks us to keep |
| Messages between you and your courier, and a photo of an order left at your door | To get the order to you and to settle any problem with it |
| For couriers: position while on shift | To offer deliveries nearby and show customers where their order is |
| The address your requests come from, and sign-in attempts | To protect accounts against guessing and abuse |
| Notification settings and the devices push is turned on for | To send the notifications you chose |

We do not sell your data and do not use advertising or analytics trackers.

## How long we keep it

- Your account data is kept while your account is open.
- Courier messages are deleted 30 days after the delivery; door-step photos once the order's problem-report window has passed.
- Placed orders and wallet records are kept for the restaurants' and our accounts, and stay (without your name and contact details) after you close your account.

## Your choices

- **Download your data:** the "Your data" card of [your account page](/account) gives you a file with your profile, orders, reviews, favourites, addresses, notifications, messages, saved cards (never their numbers), teams and wallet statement.
- **Delete your account:** the "Delete account" card of [your account page](/account) removes your profile, reviews, favourites, addresses, messages and photos and ends every session. Orders and wallet records stay, anonymous.
- **Notifications:** choose what we send and how in your [notification settings](/account/notifications).

Questions: [Contact us](/help/contact).`,
  },
  "restaurant-partners": {
    title: "Restaurant Partner Agreement",
    body: `This agreement applies when you add a restaurant to Nosh or manage one.

## Your restaurant on Nosh

- You may list a restaurant you run or are allowed to run, with true details: its name, address, hours, menu, prices and allergens.
- You keep your menu and hours up to date and mark dishes sold out when you cannot make them.
- Allergen information is yours to give and must be accurate.

## Orders and money

- You accept or reject each order, prepare accepted orders on time and hand them to the courier or the customer.
- Nosh keeps its commission on each order's item subtotal, as shown in your payouts page; the rest is paid to your payout account on your payout schedule.
- Refunds for orders you rejected, or for problems with what you prepared, come out of what the order earned you.

## Suspension

Nosh may suspend a restaurant that breaks this agreement or puts customers at risk; the reason is shown to you, and open orders are kept.

## Changes

When this agreement changes you are asked to accept the new version the next time you manage your restaurant.`,
  },
  couriers: {
    title: "Courier Agreement",
    body: `This agreement applies when you apply to deliver for Nosh and while you deliver.

## Delivering

- You deliver with a vehicle you may lawfully use, and follow traffic law.
- While on shift your position is shared with Nosh to offer you deliveries and show customers where their order is.
- You pick up orders as the app shows, keep them closed and deliver them to the customer, or as the customer asked (left at the door with a photo).
- Messages with customers are for the delivery only.

## Earnings

Your earnings for each delivery are shown in the app before you accept and in your earnings page, and are paid to your payout account.

## Ending

You may stop delivering at any time. Nosh may end your access for unsafe or dishonest conduct.

## Changes

When this agreement changes you are asked to accept the new version the next time you open the courier app.`,
  },
  cookies: {
    title: "Cookie Notice",
    body: `Nosh sets only the cookies it needs to work. There are no advertising, analytics or third-party cookies.

| Cookie | What it is for | How long |
| --- | --- | --- |
| \`nosh_session\` (\`__Host-nosh_session\` on the live site) | Keeps you signed in | Until you sign out, or after a period without use |
| \`XSRF-TOKEN\` | Protects your requests from being forged by other sites | Your browser session |
| \`nosh_mode\` | Remembers whether you chose Delivery or Pickup | One year |
| \`nosh_checkout\` | Remembers which order you are checking out | Until checkout ends |
| \`nosh_lang\` | Remembers the language you chose at the foot of a page | One year |
| \`nosh_kitchen\` | Keeps a kitchen tablet paired with its restaurant's order board (set only on a tablet paired by code) | One year, or until the restaurant removes the tablet |

The site also keeps your cart, liked dishes and a few settings in your browser's local storage, which never leaves your device unless you place an order.

Because these cookies are needed for the site to work, they cannot be turned off; you can remove them by signing out and clearing your browser's data.`,
  },
};
