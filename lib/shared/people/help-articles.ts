// The help centre's articles (/help, docs/architecture/help.md): for customers, restaurant owners
// and couriers, searched on the server by the words of `?q=`.

export type HelpAudience = "customers" | "owners" | "couriers";
export const HELP_AUDIENCES: Record<HelpAudience, string> = { customers: "For customers", owners: "For restaurant owners", couriers: "For couriers" };

export type HelpArticle = { slug: string; audience: HelpAudience; title: string; body: readonly string[] };

export const HELP_ARTICLES: readonly HelpArticle[] = [
  {
    slug: "track-order",
    audience: "customers",
    title: "Where is my order?",
    body: [
      "Open Orders from the menu and choose the order: its page shows each step, from accepted to delivered, and the courier on the map once your order is on its way.",
      "You are told at each step in your notifications, and by email or push if you turned them on in your notification settings.",
    ],
  },
  {
    slug: "cancel-order",
    audience: "customers",
    title: "Cancel an order or change it",
    body: [
      "You can cancel an order from its page until the restaurant accepts it; the money goes back to how you paid.",
      "Once the restaurant is preparing it, contact us from the order's page or the contact form and we will help.",
    ],
  },
  {
    slug: "refunds",
    audience: "customers",
    title: "Missing items, wrong food and refunds",
    body: [
      "From a delivered order's page choose Report a problem, say what was wrong and add a photo. The restaurant or Nosh support decides, and a refund goes to your wallet or your card.",
      "Rejected and canceled orders are refunded automatically.",
    ],
  },
  {
    slug: "payments-wallet",
    audience: "customers",
    title: "Paying, your wallet and promotions",
    body: [
      "Pay by card or from your Nosh wallet. Add money to the wallet by card from the Wallet page; promotional credit is spent first and is not cash.",
      "Enter a promotion code at checkout; the discount shows before you place the order.",
    ],
  },
  {
    slug: "account-data",
    audience: "customers",
    title: "Your account, your data and deleting it",
    body: [
      "Change your name, email, phone and password on your account page. Download a copy of your data, or delete your account, from the same page.",
      "The privacy policy says what we keep and for how long.",
    ],
  },
  {
    slug: "add-restaurant",
    audience: "owners",
    title: "Add your restaurant",
    body: [
      "Choose Add your restaurant, fill in its details, hours and photo, then add dishes to its menu. Customers see it as soon as it is saved.",
      "Adding a restaurant accepts the Restaurant Partner Agreement.",
    ],
  },
  {
    slug: "owner-orders",
    audience: "owners",
    title: "Accepting orders, busy times and pausing",
    body: [
      "New orders appear on your restaurant's order board with a sound. Accept with a preparation time or reject with a reason.",
      "When the kitchen is busy add extra minutes, or pause new orders for a while; mark a dish sold out and it comes back at your next opening.",
    ],
  },
  {
    slug: "owner-payouts",
    audience: "owners",
    title: "Payouts and commission",
    body: ["Your payouts page shows what each order earned after Nosh's commission, and your balance. Payouts go to your payout account on your schedule."],
  },
  {
    slug: "become-courier",
    audience: "couriers",
    title: "Become a courier",
    body: [
      "Verify your email, then open the courier page and choose Apply to deliver. A Nosh operator reviews your application; once approved you can go on shift.",
      "Applying accepts the Courier Agreement.",
    ],
  },
  {
    slug: "courier-deliveries",
    audience: "couriers",
    title: "Offers, pickups and deliveries",
    body: [
      "On shift you are offered deliveries near you. Accept, go to the restaurant, mark the order picked up, then delivered; if the customer asked, leave it at the door with a photo.",
      "If you cannot deliver an order, mark it failed with the reason and contact us.",
    ],
  },
];

/** The words of a search, lower-cased (at most 8, each at most 40 characters). */
const wordsOf = (query: string) =>
  query
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 1)
    .slice(0, 8)
    .map((word) => word.slice(0, 40));

/**
 * The articles matching every word of `query` (in the title or the text, a word's start), the title's matches first; all of them for an empty query.
 * `articles`: the reader's language's (the catalogue's browse.help.articles, /help), English's by default.
 */
export function searchHelp(query: string, articles: readonly HelpArticle[] = HELP_ARTICLES): HelpArticle[] {
  const words = wordsOf(query);
  if (words.length === 0) return [...articles];
  const has = (text: string, word: string) => new RegExp(`(^|[^\\p{L}\\p{N}])${word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`, "u").test(text.toLowerCase());
  const scored = articles.map((article) => {
    const text = `${article.title} ${article.body.join(" ")}`;
    const all = words.every((word) => has(text, word));
    return { article, all, title: words.filter((word) => has(article.title, word)).length };
  });
  return scored
    .filter((entry) => entry.all)
    .sort((a, b) => b.title - a.title)
    .map((entry) => entry.article);
}
