// Business constants, shared by pages, the server and the seed.

export const CUISINES = [
  "American",
  "Chinese",
  "Italian",
  "Japanese",
  "Mexican",
  "Indian",
  "Thai",
  "Mediterranean",
  "Korean",
  "Vietnamese",
  "Greek",
  "Spanish",
  "Seafood",
  "Pizza",
  "Vegetarian",
  "Vegan",
  "Breakfast",
  "Fast Food",
  "Caribbean",
  "Soul Food",
] as const;
export type Cuisine = (typeof CUISINES)[number];

export const PRICE_LEVELS = ["INEXPENSIVE", "MODERATE", "EXPENSIVE", "VERY_EXPENSIVE"] as const;
export type PriceLevel = (typeof PRICE_LEVELS)[number];
export const PRICE_LEVEL_SYMBOLS: Record<PriceLevel, string> = {
  INEXPENSIVE: "$",
  MODERATE: "$$",
  EXPENSIVE: "$$$",
  VERY_EXPENSIVE: "$$$$",
};

/** The home page's sorts (?sort=), "recommended" first: the default there. */
export const RESTAURANT_SORTS = ["recommended", "rating", "delivery", "price"] as const;
export type RestaurantSort = (typeof RESTAURANT_SORTS)[number];

export const FOOD_TYPES = ["appetizer", "entree", "dessert", "beverage"] as const;
export type FoodType = (typeof FOOD_TYPES)[number];

export const ORDER_STATUSES = ["Active", "Submitted", "Completed", "Canceled"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * How an order reaches the customer. "pickup" is collected at the restaurant (no delivery or
 * priority fee); a scheduled pickup is "pickup" with `scheduledFor` set, a scheduled delivery is
 * "schedule" (docs/architecture/pickup.md).
 */
export const DELIVERY_OPTIONS = ["standard", "priority", "schedule", "pickup"] as const;
export type DeliveryOption = (typeof DELIVERY_OPTIONS)[number];
/** Drop-off at the door: handed over (the default) or left with a photo. */
export const DROPOFF_CHOICES = ["hand_to_me", "leave_at_door"] as const;
export type DropoffChoice = (typeof DROPOFF_CHOICES)[number];
/** The top bar's mode: every page's fees, times and checkout follow it. */
export const FULFILLMENT_MODES = ["delivery", "pickup"] as const;
export type FulfillmentMode = (typeof FULFILLMENT_MODES)[number];
export const PAYMENT_METHODS = ["card", "wallet", "cash"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/** How a placed order may be paid: a customer's checkout's, or at the door (a phone order staff entered, docs/architecture/phone-orders.md). */
export const ORDER_PAYMENT_METHODS = [...PAYMENT_METHODS, "door"] as const;
export type OrderPaymentMethod = (typeof ORDER_PAYMENT_METHODS)[number];
/**
 * Orders one account may have waiting for a restaurant to accept them (placed, not yet accepted),
 * whatever they are paid with, in all and at one restaurant: the defaults of MAX_OPEN_ORDERS and
 * MAX_OPEN_ORDERS_PER_RESTAURANT (lib/server/orders/open-orders.ts). A flood of orders, free by
 * card or paid from the signup's wallet, cannot bury real orders on an owner's board.
 */
export const OPEN_ORDER_LIMITS = { perAccount: 5, perRestaurant: 3 } as const;
/** Open orders per page of the owner's board (GET /api/manage/{id}/board?offset=): "Show more" reads the next. */
export const BOARD_PAGE_SIZE = 100;

export const CHECKOUT_DELIVERY_FEE_CENTS = 649;
export const PRIORITY_FEE_CENTS = 149;
export const SERVICE_FEE_RATE = 0.1;
export const TIP_PERCENTS = [15, 20, 25, 30] as const;
/** The same estimates in minutes after the order is placed (lib/shared/delivery/arrival.ts). */
export const DELIVERY_ESTIMATE_MINUTES = { priority: [15, 30], standard: [20, 35] } as const;
/** A pickup's wait before the kitchen gives its own estimate (lib/shared/delivery/arrival.ts, pickupEstimateMinutes). */
export const PICKUP_ESTIMATE = { minMinutes: 10, windowMinutes: 5 } as const;

export const SIGNUP_WALLET_CENTS = 99_999;
export const WALLET_TOP_UP_CENTS = 100_000;

/** Wall-clock times (order dates) are the marketplace's, wherever the browser is; slots and hours are in the restaurant's own zone (lib/shared/time/opening-hours.ts). */
export const MARKET_TIME_ZONE = "America/Los_Angeles";
export const SCHEDULE_DAYS = 7;
export const SCHEDULE_SLOT_MINUTES = 30;
export const RESTAURANT_DEFAULT_CLOSING = "22:00";

export const ADD_TO_CART_CONFIRM_MS = { item: 2000, restaurant: 3000 } as const;

// Keys of the browser's storage and cookies, in a module of their own: the root layout's
// providers need only these, and importing them from here would put this whole module in every route's first load.
export { CHECKOUT_ORDER_COOKIE, FULFILLMENT_COOKIE, STORAGE_KEYS } from "./web/storage-keys";

export const PAGE_SIZE = { default: 20, max: 100 } as const;
/** The largest custom tip (1000.00). */
export const MAX_TIP_CENTS = 100_000;

/** The <meta name> the root layout puts Stripe's publishable key in when Stripe.js takes the cards (lib/client/stripe.ts). */
export const STRIPE_KEY_META = "nosh-stripe-key";
