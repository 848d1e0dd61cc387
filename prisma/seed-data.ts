// Demo data for Nosh: plain, typed values with no database access.
// prisma/seed.ts writes it to the database; prisma/photos.ts resizes the photos it references;
// prisma/seed-data.test.ts checks it against the spec's validation rules.
// Money is integer cents. Every image path points at a file under public/images/food.

import { ALL_DAY, everyDay, type WeeklyHours } from "../lib/shared/time/opening-hours";
import { WALLET_TOP_UP_CENTS, type Cuisine, type FoodType, type PriceLevel } from "../lib/shared/constants";

export type { Cuisine, FoodType, PriceLevel };

/** Password of every demo account (bcrypt-hashed by the seed). */
export const DEMO_PASSWORD = "nosh-demo-pass";
/** One press of the wallet top-up button (1000.00). */
export const TOPUP_CENTS = WALLET_TOP_UP_CENTS;

export interface DemoUserSeed {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  /** 10 digits, no dashes. */
  phoneNumber: string;
  /** Street line only, no commas (the profile form splits "ADDRESS, CITY, STATE, ZIP" on commas). */
  address: string;
  city: string;
  state: string;
  zip: string;
  /** The address's real place (hand-placed near the street address, not the ZIP's centroid). */
  lat: number;
  lng: number;
  deliveryInstructions: string;
  restaurantOwner: boolean;
  /** A demo courier (the courier app); couriers order food like anyone else. */
  courier: boolean;
  /** The demo operator who runs the marketplace at /admin (docs/architecture/operator.md). */
  operator?: boolean;
  /** Final balance after the ledger in `walletTopups` and `pastOrders`; checked by the seed. */
  walletCents: number;
  /** The account was created this many days before seeding. */
  createdDaysAgo: number;
}

export interface MenuItemSeed {
  /** Letters and spaces only (the spec's menu item update rule). */
  name: string;
  description: string;
  priceCents: number;
  foodType: FoodType;
  /** Card image "/images/food/<name>.webp"; "-sm" is the 160x160 thumbnail. */
  foodImage: string;
}

export interface RestaurantSeed {
  name: string;
  description: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  /** The restaurant's real place, hand-placed near its street address. */
  lat: number;
  lng: number;
  /** How far it delivers, km; absent: the default 8 (DEFAULT_DELIVERY_RADIUS_KM). */
  deliveryRadiusKm?: number;
  cuisineType: Cuisine;
  priceLevel: PriceLevel;
  deliveryFeeCents: number;
  /** Minutes. */
  deliveryTime: number;
  businessHours: string;
  /** "HH:MM", 24-hour clock, the closing time in businessHours. */
  closingTime: string;
  /** Base card path "/images/food/<name>.webp"; the UI derives "-lg" (1280x560 hero) and "-sm". */
  storeImage: string;
  /** 1 or 2 (the two demo restaurant owners). */
  ownerId: number;
  menu: MenuItemSeed[];
}

export interface PastOrderSeed {
  userId: number;
  restaurantIndex: number;
  items: { menuIndex: number; quantity: number }[];
  deliveryOption: "standard" | "priority";
  tipPercent: 15 | 20 | 25 | 30;
  paymentMethod: "card" | "wallet";
  status: "Submitted" | "Completed" | "Canceled";
  /** Placed this many days before seeding (fractions allowed: 0.04 is about an hour ago). */
  daysAgo: number;
  review?: { review: string; orderRating: number; restaurantRating: number };
}

export interface WalletTopupSeed {
  userId: number;
  amountCents: number;
  daysAgo: number;
}

export interface LikeSeed {
  userId: number;
  restaurantIndex: number;
  menuIndex: number;
}

// ---------------------------------------------------------------------------------------------
// Photos: every base name of ../shared/assets/food-photos, so a typo is a type error.

export type PhotoName =
  | "american-apple-pie"
  | "american-chicken-pasta-casserole"
  | "american-chocolate-chip-cookies"
  | "american-creamy-mashed-potatoes"
  | "american-hamburger-macaroni"
  | "american-honey-sriracha-chicken"
  | "american-meatloaf"
  | "american-pan-seared-chicken"
  | "american-smoked-turkey"
  | "american-southwest-cornbread-salad"
  | "beverage-banana-milkshake"
  | "beverage-mojito-mocktail"
  | "beverage-strawberry-compote-drink"
  | "beverage-strawberry-shake-thumb"
  | "beverage-tea-with-milk"
  | "breakfast-avocado-egg-toast"
  | "breakfast-banana-chocolate-muffins"
  | "breakfast-country-skillet"
  | "breakfast-croque-monsieur"
  | "breakfast-danish-pancake"
  | "breakfast-french-toast"
  | "breakfast-oatmeal-berries"
  | "breakfast-oatmeal-pancake-stack"
  | "breakfast-pancakes"
  | "breakfast-poached-eggs-spinach"
  | "breakfast-rice-porridge-risengrod"
  | "breakfast-roesti-fried-eggs"
  | "breakfast-seeded-sourdough-bread"
  | "breakfast-swedish-pancake-roll"
  | "chinese-egg-fried-rice"
  | "chinese-fried-rice-arroz-chaufa"
  | "chinese-hoisin-pork-belly"
  | "chinese-mapo-tofu-1"
  | "chinese-mapo-tofu-2"
  | "chinese-red-bean-buns"
  | "chinese-sticky-sauce-chicken"
  | "dessert-apple-strudel"
  | "dessert-brigadeiros"
  | "dessert-chocolate-brownie"
  | "dessert-chocolate-lava-cake"
  | "dessert-ice-cream-sundae-thumb"
  | "dessert-maple-dumplings"
  | "dessert-quark-balls"
  | "dessert-victoria-sponge-cake"
  | "fast-food-burger-and-fries-thumb"
  | "fast-food-burger-thumb"
  | "fast-food-cheeseburger-fries-thumb"
  | "fast-food-french-fries-thumb"
  | "fast-food-fried-chicken-fries-thumb"
  | "fast-food-kettle-corn"
  | "fast-food-sub-sandwich-thumb"
  | "fast-food-sweet-potato-fries"
  | "greek-lemon-oregano-chicken-traybake"
  | "indian-assam-milk-tea"
  | "indian-butter-chicken"
  | "indian-lamb-biryani"
  | "indian-naan"
  | "indian-paneer-tikka-masala"
  | "indian-paneer-tikka-skewers"
  | "interior-friends-dining-in-restaurant"
  | "italian-baked-mostaccioli"
  | "italian-cacio-e-pepe"
  | "italian-caesar-salad"
  | "italian-lasagna"
  | "italian-limoncello"
  | "italian-mulled-wine"
  | "italian-pasta-amatriciana"
  | "italian-pasta-cinque-pi"
  | "italian-penne-arrabbiata"
  | "italian-ragu-napoletano"
  | "italian-ravioli-tomato-sauce"
  | "italian-spaghetti-carbonara"
  | "italian-tuscan-pork-roast"
  | "japanese-cheesy-rice-bowl"
  | "japanese-noodle-soup"
  | "japanese-sushi-rolls"
  | "japanese-teriyaki-beef-noodles"
  | "korean-bibimbap"
  | "korean-bulgogi-rice-bowl"
  | "korean-pork-stir-fry-pot"
  | "korean-spicy-fried-chicken"
  | "mediterranean-couscous-tagine"
  | "mediterranean-hummus-pita"
  | "mediterranean-quiche"
  | "mediterranean-shakshuka-1"
  | "mediterranean-shakshuka-2"
  | "mediterranean-slow-cooked-lamb-lemon"
  | "mediterranean-stuffed-tomatoes"
  | "mediterranean-tahini-shortbread"
  | "mediterranean-tunisian-tajine-maadnous"
  | "mexican-burrito-thumb"
  | "mexican-guacamole"
  | "mexican-nachos-guacamole-thumb"
  | "mexican-quesadilla"
  | "mexican-refried-beans"
  | "mexican-tacos-rice-thumb"
  | "pizza-mozzarella-olive-basil"
  | "pizza-pan-pizza-mushroom-pepper"
  | "pizza-wholemeal-arugula"
  | "seafood-ceviche"
  | "seafood-crab-salad"
  | "seafood-fried-anglerfish-fillet"
  | "seafood-poke-salad-bowl"
  | "seafood-shrimp-noodle-soup"
  | "soul-food-collard-greens"
  | "soul-food-fried-chicken-thumb"
  | "soup-ukrainian-borscht"
  | "spanish-apple-chicken"
  | "spanish-crema-catalana"
  | "spanish-pulpo-a-la-gallega"
  | "spanish-sopa-de-lentejas"
  | "spanish-tarta-de-santiago"
  | "spanish-torrijas"
  | "spanish-tortilla-de-patatas"
  | "stew-beef-goulash"
  | "thai-green-curry"
  | "vegan-bean-chili"
  | "vegan-chocolate-nut-brownies"
  | "vegan-corn-bean-salad"
  | "vegan-lentil-curry"
  | "vegetarian-baked-pasta-broccoli"
  | "vegetarian-fennel-bean-kale-soup"
  | "vegetarian-parmesan-potatoes"
  | "vegetarian-potato-leek-soup"
  | "vegetarian-stuffed-round-squash"
  | "vegetarian-veggie-pasta-bake"
  | "vegetarian-veggie-pasta-bake-wide"
  | "vegetarian-watercress-soup"
  | "vietnamese-pho";

/** Public path of the 640x480 card image made from a source photo. */
export function photo(name: PhotoName): string {
  return `/images/food/${name}.webp`;
}

function item(foodType: FoodType) {
  return (name: string, description: string, priceCents: number, image: PhotoName): MenuItemSeed => ({
    name,
    description,
    priceCents,
    foodType,
    foodImage: photo(image),
  });
}
const app = item("appetizer");
const main = item("entree");
const sweet = item("dessert");
const drink = item("beverage");

// ---------------------------------------------------------------------------------------------
// Demo accounts. Phone numbers use the 555-01xx block reserved for fiction; emails use example.com.

export const demoUsers: DemoUserSeed[] = [
  {
    id: 1,
    firstName: "Rosa",
    lastName: "Delgado",
    email: "rosa.delgado@example.com",
    phoneNumber: "4155550101",
    address: "1847 Guerrero Street",
    city: "San Francisco",
    state: "CA",
    zip: "94110",
    lat: 37.7433,
    lng: -122.4228,
    deliveryInstructions: "Ring the top bell. The gate sticks, so give it a firm push.",
    restaurantOwner: true,
    courier: false,
    walletCents: 94_735,
    createdDaysAgo: 420,
  },
  {
    id: 2,
    firstName: "Marcus",
    lastName: "Chen",
    email: "marcus.chen@example.com",
    phoneNumber: "5105550102",
    address: "3921 Piedmont Avenue",
    city: "Oakland",
    state: "CA",
    zip: "94611",
    lat: 37.8265,
    lng: -122.253,
    deliveryInstructions: "Leave it on the bench by the front door and text when you arrive.",
    restaurantOwner: true,
    courier: false,
    walletCents: 83_750,
    createdDaysAgo: 410,
  },
  {
    id: 3,
    firstName: "Priya",
    lastName: "Raman",
    email: "priya.raman@example.com",
    phoneNumber: "4155550103",
    address: "1290 Fell Street Apt 4",
    city: "San Francisco",
    state: "CA",
    zip: "94117",
    lat: 37.7734,
    lng: -122.4401,
    deliveryInstructions: "Buzz 04 at the side entrance on Fell Street. I will come down.",
    restaurantOwner: false,
    courier: false,
    walletCents: 171_441,
    createdDaysAgo: 150,
  },
  {
    id: 4,
    firstName: "Jordan",
    lastName: "Ellis",
    email: "jordan.ellis@example.com",
    phoneNumber: "5105550104",
    address: "2418 Derby Street",
    city: "Berkeley",
    state: "CA",
    zip: "94705",
    lat: 37.8602,
    lng: -122.261,
    deliveryInstructions: "Please knock, the doorbell does not work. Friendly dog inside.",
    restaurantOwner: false,
    courier: false,
    walletCents: 89_080,
    createdDaysAgo: 120,
  },
  {
    id: 5,
    firstName: "Sofia",
    lastName: "Marchetti",
    email: "sofia.marchetti@example.com",
    phoneNumber: "4155550105",
    address: "1535 Jackson Street Unit 6",
    city: "San Francisco",
    state: "CA",
    zip: "94109",
    lat: 37.7942,
    lng: -122.4203,
    deliveryInstructions: "Leave the order with the front desk in the lobby.",
    restaurantOwner: false,
    courier: false,
    walletCents: 95_320,
    createdDaysAgo: 95,
  },
  // The demo couriers (docs/architecture/courier-screens.md "The demo"): the courier app at /courier.
  {
    id: 6,
    firstName: "Dev",
    lastName: "Patel",
    email: "dev.patel@example.com",
    phoneNumber: "4155550106",
    address: "2150 Folsom Street",
    city: "San Francisco",
    state: "CA",
    zip: "94110",
    lat: 37.7627,
    lng: -122.4149,
    deliveryInstructions: "Side door on 18th Street, the bike is usually parked in front.",
    restaurantOwner: false,
    courier: true,
    walletCents: 99_999,
    createdDaysAgo: 60,
  },
  {
    id: 7,
    firstName: "Amara",
    lastName: "Okafor",
    email: "amara.okafor@example.com",
    phoneNumber: "5105550107",
    address: "1515 Clay Street",
    city: "Oakland",
    state: "CA",
    zip: "94612",
    lat: 37.8052,
    lng: -122.2745,
    deliveryInstructions: "Call from the lobby and I will come down.",
    restaurantOwner: false,
    courier: true,
    walletCents: 99_999,
    createdDaysAgo: 45,
  },
  {
    id: 8,
    firstName: "Luis",
    lastName: "Romero",
    email: "luis.romero@example.com",
    phoneNumber: "4155550108",
    address: "745 Clementina Street",
    city: "San Francisco",
    state: "CA",
    zip: "94103",
    lat: 37.7791,
    lng: -122.4062,
    deliveryInstructions: "Ring unit 3. Leave it on the stairs if nobody answers.",
    restaurantOwner: false,
    courier: true,
    walletCents: 99_999,
    createdDaysAgo: 30,
  },
  // The demo operator (docs/architecture/operator.md): runs the marketplace at /admin. A real
  // deployment's first operator is made by `npm run operator -- grant EMAIL`, never by signup.
  {
    id: 9,
    firstName: "Nia",
    lastName: "Brooks",
    email: "nia.brooks@example.com",
    phoneNumber: "4155550109",
    address: "1 Market Street",
    city: "San Francisco",
    state: "CA",
    zip: "94105",
    lat: 37.7941,
    lng: -122.3951,
    deliveryInstructions: "Leave it with the front desk on the ground floor.",
    restaurantOwner: false,
    courier: false,
    operator: true,
    walletCents: 99_999,
    createdDaysAgo: 120,
  },
];

// ---------------------------------------------------------------------------------------------
// Restaurants around the San Francisco Bay Area. Names, addresses and menus are fictional.

export const restaurants: RestaurantSeed[] = [
  {
    name: "Hayes Street Kitchen",
    description:
      "Seasonal American comfort food from a small Hayes Valley kitchen: sticky glazed chicken thighs, crisp salads, a braised beef stew and a chocolate lava cake worth saving room for.",
    address: "412 Hayes Street",
    city: "San Francisco",
    state: "CA",
    zip: "94102",
    lat: 37.7766,
    lng: -122.4236,
    cuisineType: "American",
    priceLevel: "MODERATE",
    deliveryFeeCents: 299,
    deliveryTime: 35,
    businessHours: "Mon-Sun 11:00 AM - 10:00 PM",
    closingTime: "22:00",
    storeImage: photo("american-honey-sriracha-chicken"),
    ownerId: 1,
    menu: [
      app("Caesar Salad", "Crisp romaine, shaved parmesan and garlic croutons in a lemony Caesar dressing.", 1200, "italian-caesar-salad"),
      app(
        "Southwestern Cornbread Salad",
        "Layers of crumbled cornbread, black beans, corn, tomatoes, peppers and cheddar with a creamy ranch dressing.",
        1100,
        "american-southwest-cornbread-salad",
      ),
      app(
        "Parmesan Roasted Potatoes",
        "Crispy roasted potatoes tossed with olive oil and garlic under a snowfall of grated parmesan.",
        900,
        "vegetarian-parmesan-potatoes",
      ),
      main(
        "Honey Sriracha Chicken Thighs",
        "Chicken thighs baked in a sticky honey and sriracha glaze, served with steamed rice.",
        2100,
        "american-honey-sriracha-chicken",
      ),
      main("Pan Seared Chicken", "Herb-rubbed chicken breast fillets seared in a cast-iron pan and finished with garlic butter.", 1950, "american-pan-seared-chicken"),
      main(
        "Chicken Pasta Casserole",
        "Pasta, shredded chicken and a creamy cheese sauce baked under a golden breadcrumb crust.",
        1800,
        "american-chicken-pasta-casserole",
      ),
      main("Braised Beef Stew", "Beef chuck braised slowly with paprika, onions and peppers until spoon-tender.", 2200, "stew-beef-goulash"),
      sweet("Chocolate Lava Cake", "Warm chocolate cake with a molten centre, served with vanilla ice cream and berry sauce.", 950, "dessert-chocolate-lava-cake"),
      sweet("Fudge Brownie", "A thick square of dense, fudgy chocolate brownie baked in house.", 600, "dessert-chocolate-brownie"),
      drink("Fresh Lemonade", "House-squeezed lemonade, lightly sweetened and served over ice.", 450, "italian-limoncello"),
      drink("Strawberry Cooler", "Strawberries and lemon blended with sparkling water and poured over ice.", 500, "beverage-strawberry-compote-drink"),
    ],
  },
  {
    name: "Lucky Penny Diner",
    description:
      "An old-school neighbourhood diner: meatloaf like grandma made, cheeseburgers with fries, beef stew, thick milkshakes and apple pie by the slice, all day long.",
    address: "2201 Junipero Serra Boulevard",
    city: "Daly City",
    state: "CA",
    zip: "94014",
    lat: 37.7003,
    lng: -122.4691,
    deliveryRadiusKm: 12,
    cuisineType: "American",
    priceLevel: "INEXPENSIVE",
    deliveryFeeCents: 199,
    deliveryTime: 30,
    businessHours: "Mon-Sun 7:00 AM - 9:00 PM",
    closingTime: "21:00",
    storeImage: photo("american-meatloaf"),
    ownerId: 2,
    menu: [
      app("Creamy Mashed Potatoes", "A bowl of buttery whipped potatoes topped with sliced scallions.", 550, "american-creamy-mashed-potatoes"),
      app("French Fries", "Crispy golden fries with a side of ketchup.", 450, "fast-food-french-fries-thumb"),
      app("Sweet Potato Fries", "Oven-crisped sweet potato fries with a pinch of sea salt.", 550, "fast-food-sweet-potato-fries"),
      main("Meatloaf Dinner", "Two thick slices of beef meatloaf baked under a sweet and tangy tomato glaze.", 1450, "american-meatloaf"),
      main("Cheeseburger and Fries", "Quarter-pound beef patty with melted cheese on a toasted bun, served with fries.", 1300, "fast-food-cheeseburger-fries-thumb"),
      main("Beef and Macaroni Skillet", "Elbow macaroni and seasoned ground beef simmered in tomato sauce, diner style.", 1150, "american-hamburger-macaroni"),
      main("Hearty Beef Stew", "Chunks of beef slow-cooked with onions, peppers and paprika in a rich gravy.", 1400, "stew-beef-goulash"),
      main("Smoked Turkey Plate", "Turkey smoked low and slow, carved to order and served with gravy.", 1500, "american-smoked-turkey"),
      sweet("Apple Pie", "Flaky double-crust pie filled with cinnamon-spiced apples, by the slice.", 550, "american-apple-pie"),
      sweet("Chocolate Chip Cookies", "Three soft-baked cookies loaded with chocolate chips.", 400, "american-chocolate-chip-cookies"),
      drink("Banana Milkshake", "Ripe bananas, vanilla ice cream and whole milk blended thick.", 600, "beverage-banana-milkshake"),
      drink("Strawberry Shake", "Strawberry ice cream shake topped with whipped cream.", 600, "beverage-strawberry-shake-thumb"),
      drink("Hot Tea with Milk", "A big mug of black tea with milk, sugar on the side.", 250, "beverage-tea-with-milk"),
    ],
  },
  {
    name: "Fog City Pancake House",
    description:
      "Stacks of fluffy pancakes, Swedish crepes, French toast and hearty skillets, served from early morning until dinner. Maple syrup is always on the table.",
    address: "2540 Lombard Street",
    city: "San Francisco",
    state: "CA",
    zip: "94123",
    lat: 37.7988,
    lng: -122.444,
    cuisineType: "Breakfast",
    priceLevel: "INEXPENSIVE",
    deliveryFeeCents: 149,
    deliveryTime: 25,
    businessHours: "Mon-Sun 7:00 AM - 8:00 PM",
    closingTime: "20:00",
    storeImage: photo("breakfast-pancakes"),
    ownerId: 1,
    menu: [
      app("Seeded Sourdough Toast", "Two thick slices of seeded sourdough, toasted, with butter and jam.", 450, "breakfast-seeded-sourdough-bread"),
      app("Oatmeal with Berries", "Warm rolled oats topped with raspberries, blueberries and toasted nuts.", 650, "breakfast-oatmeal-berries"),
      main("Buttermilk Pancakes", "A stack of fluffy buttermilk pancakes with whipped butter and maple syrup.", 1050, "breakfast-pancakes"),
      main("Oatmeal Pancake Stack", "Hearty pancakes made with rolled oats and a touch of cinnamon, stacked high.", 1100, "breakfast-oatmeal-pancake-stack"),
      main("Danish Pancake", "A thick skillet pancake, crisp at the edges and tender inside, with jam.", 1150, "breakfast-danish-pancake"),
      main("Swedish Pancakes", "Thin, delicate Swedish crepes rolled up with lingonberry jam.", 1100, "breakfast-swedish-pancake-roll"),
      main("French Toast", "Thick bread soaked in vanilla custard, griddled golden and served with syrup.", 1100, "breakfast-french-toast"),
      main("Country Skillet", "Crispy diced potatoes, onions and vegetables fried together in a skillet with fresh parsley.", 1250, "breakfast-country-skillet"),
      sweet("Banana Chocolate Muffin", "A moist banana muffin studded with dark chocolate chips.", 375, "breakfast-banana-chocolate-muffins"),
      drink("Strawberry Smoothie", "Strawberries, banana and yogurt blended smooth.", 550, "beverage-strawberry-shake-thumb"),
      drink("Hot Tea with Milk", "A pot of black tea served with milk.", 250, "beverage-tea-with-milk"),
    ],
  },
  {
    name: "Nob Hill Brunch Club",
    description:
      "A bright corner cafe for a long, lazy brunch: eggs Florentine, avocado toast, croque-monsieur and rosti, with fresh-baked bread, homemade cakes and a proper pot of tea.",
    address: "1120 Hyde Street",
    city: "San Francisco",
    state: "CA",
    zip: "94109",
    lat: 37.7909,
    lng: -122.4172,
    cuisineType: "Breakfast",
    priceLevel: "EXPENSIVE",
    deliveryFeeCents: 399,
    deliveryTime: 40,
    businessHours: "Mon-Sun 8:00 AM - 8:00 PM",
    closingTime: "20:00",
    storeImage: photo("breakfast-croque-monsieur"),
    ownerId: 2,
    menu: [
      app("Seeded Sourdough Basket", "A basket of warm seeded sourdough with cultured butter.", 700, "breakfast-seeded-sourdough-bread"),
      app("Watercress Soup", "Velvety watercress and potato soup finished with fresh coriander.", 1100, "vegetarian-watercress-soup"),
      app("Oatmeal with Berries", "Creamy oats topped with fresh raspberries, blueberries and toasted seeds.", 1000, "breakfast-oatmeal-berries"),
      main("Eggs Florentine", "Two poached eggs on wilted spinach with a generous pour of hollandaise.", 2200, "breakfast-poached-eggs-spinach"),
      main(
        "Avocado Toast with Poached Egg",
        "Smashed avocado on toasted sourdough with sauteed greens, a poached egg and chili flakes.",
        1900,
        "breakfast-avocado-egg-toast",
      ),
      main("Croque Monsieur", "Toasted ham and gruyere sandwich, grilled until the cheese bubbles.", 2000, "breakfast-croque-monsieur"),
      main("Rosti with Fried Eggs", "A crisp Swiss potato rosti topped with two sunny-side-up eggs.", 1850, "breakfast-roesti-fried-eggs"),
      main("Shakshuka", "Eggs poached in a spiced tomato and pepper sauce, topped with scallions, with bread for dipping.", 1900, "mediterranean-shakshuka-1"),
      main("Brioche French Toast", "Brioche soaked in vanilla custard, griddled and served with maple syrup.", 1800, "breakfast-french-toast"),
      sweet("Victoria Sponge Cake", "Two layers of vanilla sponge sandwiched with raspberry jam and cream.", 1000, "dessert-victoria-sponge-cake"),
      sweet("Apple Strudel", "Thin flaky pastry rolled around cinnamon apples and raisins, dusted with sugar.", 1100, "dessert-apple-strudel"),
      drink("English Breakfast Tea", "A pot of strong black tea served with milk.", 600, "beverage-tea-with-milk"),
      drink("Banana Smoothie", "Ripe banana, oat milk and a little honey, blended thick.", 900, "beverage-banana-milkshake"),
    ],
  },
  {
    name: "Trattoria Nonna Lucia",
    description:
      "Roman-style pastas made the old way in North Beach: carbonara with crisp guanciale, cacio e pepe, amatriciana, ricotta ravioli and a lasagna that takes two days to build.",
    address: "1450 Stockton Street",
    city: "San Francisco",
    state: "CA",
    zip: "94133",
    lat: 37.7996,
    lng: -122.4088,
    cuisineType: "Italian",
    priceLevel: "EXPENSIVE",
    deliveryFeeCents: 399,
    deliveryTime: 40,
    businessHours: "Mon-Sun 12:00 PM - 10:00 PM",
    closingTime: "22:00",
    storeImage: photo("italian-spaghetti-carbonara"),
    ownerId: 1,
    menu: [
      app("Caesar Salad", "Crisp romaine, parmigiano and garlic croutons with an anchovy and lemon dressing.", 1400, "italian-caesar-salad"),
      app("Rustic Bread and Olive Oil", "Warm seeded sourdough with peppery extra virgin olive oil for dipping.", 800, "breakfast-seeded-sourdough-bread"),
      app("Parmesan Roasted Potatoes", "Crispy rosemary potatoes showered with grated parmigiano.", 1200, "vegetarian-parmesan-potatoes"),
      main("Spaghetti Carbonara", "Spaghetti tossed with egg yolk, pecorino, black pepper and crisp guanciale.", 2600, "italian-spaghetti-carbonara"),
      main("Cacio e Pepe", "Long pasta in a glossy sauce of pecorino romano and freshly cracked black pepper.", 2400, "italian-cacio-e-pepe"),
      main("Pasta all Amatriciana", "Penne in a tomato sauce with guanciale, chili and pecorino.", 2500, "italian-pasta-amatriciana"),
      main("Ricotta Ravioli", "Handmade ricotta ravioli in a slow-simmered tomato sauce with parmesan.", 2700, "italian-ravioli-tomato-sauce"),
      main("Lasagna al Forno", "Layers of fresh pasta, beef ragu, bechamel and mozzarella, baked until golden.", 2800, "italian-lasagna"),
      sweet("Apple Strudel", "Strudel di mele as they bake it in Trentino: flaky pastry, cinnamon apples and raisins.", 1100, "dessert-apple-strudel"),
      sweet("Almond Torta", "A flourless almond cake dusted with powdered sugar.", 1000, "spanish-tarta-de-santiago"),
      sweet("Tiramisu", "Espresso-soaked savoiardi layered with mascarpone cream and dusted with cocoa.", 1200, "dessert-chocolate-brownie"),
      drink("House Limoncello", "Chilled lemon liqueur made in house. Must be 21 or over; ID checked on delivery.", 1200, "italian-limoncello"),
      drink("Vin Brule", "Warm red wine mulled with orange peel, cinnamon and cloves. Must be 21 or over.", 1100, "italian-mulled-wine"),
    ],
  },
  {
    name: "Temescal Pasta Bar",
    description:
      "Generous bowls of pasta for Oakland weeknights: spicy penne arrabbiata, baked mostaccioli, rigatoni in Neapolitan ragu and two vegetable pasta bakes, all made to travel well.",
    address: "4810 Telegraph Avenue",
    city: "Oakland",
    state: "CA",
    zip: "94609",
    lat: 37.8363,
    lng: -122.2621,
    cuisineType: "Italian",
    priceLevel: "MODERATE",
    deliveryFeeCents: 249,
    deliveryTime: 35,
    businessHours: "Mon-Sun 11:00 AM - 9:00 PM",
    closingTime: "21:00",
    storeImage: photo("italian-penne-arrabbiata"),
    ownerId: 2,
    menu: [
      app("Caesar Salad", "Romaine, parmesan and crunchy croutons with a creamy Caesar dressing.", 1000, "italian-caesar-salad"),
      app("Potato Leek Soup", "Creamy soup of potatoes and slow-cooked leeks.", 800, "vegetarian-potato-leek-soup"),
      app("Rustic Bread", "Warm seeded sourdough with butter.", 500, "breakfast-seeded-sourdough-bread"),
      main("Penne all Arrabbiata", "Penne in a fiery tomato sauce with garlic and red chili.", 1550, "italian-penne-arrabbiata"),
      main("Baked Mostaccioli", "Mostaccioli baked with meat sauce and melted mozzarella.", 1650, "italian-baked-mostaccioli"),
      main("Rigatoni Ragu Napoletano", "Rigatoni with a rich Neapolitan ragu of beef and pork slow-cooked in tomato.", 1800, "italian-ragu-napoletano"),
      main("Pasta Cinque Pi", "Penne in the Roman five P sauce: cream, tomato, parmesan, pepper and parsley.", 1600, "italian-pasta-cinque-pi"),
      main("Veggie Pasta Bake", "Penne baked with tomato sauce, roasted vegetables, mozzarella and fresh basil.", 1600, "vegetarian-veggie-pasta-bake"),
      main("Broccoli Pasta Bake", "Pasta baked with broccoli florets and smoky scamorza cheese.", 1650, "vegetarian-baked-pasta-broccoli"),
      sweet("Chocolate Brownie", "A dense, fudgy chocolate brownie.", 600, "dessert-chocolate-brownie"),
      sweet("Chocolate Lava Cake", "Warm chocolate cake with a molten centre and a scoop of vanilla ice cream.", 800, "dessert-chocolate-lava-cake"),
      drink("Sparkling Lemonade", "Lightly sweetened lemonade topped with sparkling water.", 450, "italian-limoncello"),
      drink("Strawberry Cooler", "Strawberry puree, lemon and soda over ice.", 450, "beverage-strawberry-compote-drink"),
    ],
  },
  {
    name: "Osteria Aurelia",
    description:
      "An intimate Pacific Heights osteria: Neapolitan ragu braised for eight hours, Tuscan pork roast, handmade ravioli and Dungeness crab, paired with a short list of Italian wines.",
    address: "2355 Fillmore Street",
    city: "San Francisco",
    state: "CA",
    zip: "94115",
    lat: 37.791,
    lng: -122.4339,
    cuisineType: "Italian",
    priceLevel: "VERY_EXPENSIVE",
    deliveryFeeCents: 599,
    deliveryTime: 50,
    businessHours: "Tue-Sun 5:00 PM - 11:00 PM",
    closingTime: "23:00",
    storeImage: photo("italian-ragu-napoletano"),
    ownerId: 1,
    menu: [
      app("Caesar Salad with Parmigiano", "Little gem leaves, aged parmigiano and sourdough croutons with anchovy dressing.", 1800, "italian-caesar-salad"),
      app("Watercress Veloute", "A silky watercress and potato soup finished with olive oil and herbs.", 1900, "vegetarian-watercress-soup"),
      app("Dungeness Crab Salad", "Sweet Dungeness crab with lemon aioli, celery and chives.", 2600, "seafood-crab-salad"),
      main("Tuscan Pork Roast", "Pork loin rolled with rosemary, garlic and fennel, roasted and carved in thick slices.", 4800, "italian-tuscan-pork-roast"),
      main("Rigatoni with Neapolitan Ragu", "Beef and pork braised for eight hours in San Marzano tomato, tossed with rigatoni.", 4200, "italian-ragu-napoletano"),
      main("Ravioli di Ricotta", "Handmade ricotta ravioli in a bright tomato sauce with aged parmigiano.", 3900, "italian-ravioli-tomato-sauce"),
      main("Cacio e Pepe", "Tonnarelli with pecorino romano and toasted black pepper, finished tableside.", 3800, "italian-cacio-e-pepe"),
      main("Lasagna Bolognese", "Twelve layers of fresh egg pasta, bolognese and bechamel.", 4400, "italian-lasagna"),
      sweet("Almond Torta", "Flourless almond cake with powdered sugar and a spoon of mascarpone.", 1600, "spanish-tarta-de-santiago"),
      sweet("Crema Bruciata", "Vanilla custard under a crackling layer of burnt sugar.", 1500, "spanish-crema-catalana"),
      sweet("Chocolate Truffles", "Hand-rolled dark chocolate truffles, six to a box.", 1400, "dessert-brigadeiros"),
      drink("House Limoncello", "Our own lemon liqueur, served ice cold. Must be 21 or over.", 1600, "italian-limoncello"),
      drink("Vin Brule", "Red wine warmed with citrus and spices. Must be 21 or over.", 1500, "italian-mulled-wine"),
    ],
  },
  {
    name: "Dolores Slice House",
    description: "Pan pizzas with crunchy, cheesy edges and classic toppings, plus Caesar salads, baked pasta and cold drinks. A Mission District late-night favourite.",
    address: "3398 18th Street",
    city: "San Francisco",
    state: "CA",
    zip: "94110",
    lat: 37.7617,
    lng: -122.4177,
    cuisineType: "Pizza",
    priceLevel: "INEXPENSIVE",
    deliveryFeeCents: 99,
    deliveryTime: 30,
    businessHours: "Mon-Sun 11:00 AM - 11:00 PM",
    closingTime: "23:00",
    storeImage: photo("pizza-pan-pizza-mushroom-pepper"),
    ownerId: 2,
    menu: [
      app("Caesar Salad", "Chopped romaine, parmesan and croutons with Caesar dressing.", 800, "italian-caesar-salad"),
      app("Garlic Parmesan Potatoes", "Roasted potato chunks with garlic and plenty of parmesan.", 650, "vegetarian-parmesan-potatoes"),
      main("Mushroom and Pepper Pan Pizza", "Thick, crispy-edged pan pizza with mushrooms, bell peppers and mozzarella.", 1500, "pizza-pan-pizza-mushroom-pepper"),
      main("Margherita with Olives", "Mozzarella, tomato, black olives and fresh basil on a thin crust.", 1400, "pizza-mozzarella-olive-basil"),
      main("Arugula Pizza", "Wholemeal crust topped with tomato, mozzarella and a heap of fresh arugula.", 1450, "pizza-wholemeal-arugula"),
      main("Baked Mostaccioli", "Tube pasta baked in meat sauce with bubbling mozzarella.", 1200, "italian-baked-mostaccioli"),
      sweet("Chocolate Chip Cookies", "Three chewy chocolate chip cookies, baked every afternoon.", 350, "american-chocolate-chip-cookies"),
      sweet("Chocolate Brownie", "A fudgy chocolate brownie.", 400, "dessert-chocolate-brownie"),
      drink("Lemonade", "Fresh lemonade over ice.", 300, "italian-limoncello"),
      drink("Strawberry Shake", "Thick strawberry ice cream shake.", 500, "beverage-strawberry-shake-thumb"),
    ],
  },
  {
    name: "Ember and Rye Pizzeria",
    description:
      "Wood-fired pizzas on a slow-fermented wholemeal and rye crust, topped with local produce. Soups, salads, a broccoli pasta bake and a few sweet things round out the menu.",
    address: "2120 Shattuck Avenue",
    city: "Berkeley",
    state: "CA",
    zip: "94704",
    lat: 37.8702,
    lng: -122.2681,
    cuisineType: "Pizza",
    priceLevel: "MODERATE",
    deliveryFeeCents: 249,
    deliveryTime: 40,
    businessHours: "Mon-Sun 12:00 PM - 10:00 PM",
    closingTime: "22:00",
    storeImage: photo("pizza-wholemeal-arugula"),
    ownerId: 1,
    menu: [
      app("Potato Leek Soup", "A creamy bowl of potato and leek soup with chives.", 900, "vegetarian-potato-leek-soup"),
      app("Caesar Salad", "Romaine, parmesan and sourdough croutons with a lemony dressing.", 1100, "italian-caesar-salad"),
      app("Seeded Sourdough", "Half a loaf of our seeded sourdough with salted butter.", 600, "breakfast-seeded-sourdough-bread"),
      main("Arugula and Mozzarella Pizza", "Wholemeal crust, tomato and mozzarella, topped with fresh arugula after the oven.", 1900, "pizza-wholemeal-arugula"),
      main("Margherita with Olives", "Tomato, fresh mozzarella, black olives and basil.", 1800, "pizza-mozzarella-olive-basil"),
      main("Mushroom Pan Pizza", "A deep cast-iron pizza with mushrooms, peppers and mozzarella.", 1950, "pizza-pan-pizza-mushroom-pepper"),
      main("Broccoli and Scamorza Pasta Bake", "Short pasta baked with broccoli and smoked scamorza.", 1700, "vegetarian-baked-pasta-broccoli"),
      sweet("Chocolate Lava Cake", "Molten chocolate cake with vanilla ice cream.", 900, "dessert-chocolate-lava-cake"),
      sweet("Apple Pie", "A slice of double-crust apple pie with cinnamon.", 800, "american-apple-pie"),
      drink("Lemonade", "Fresh-squeezed lemonade.", 450, "italian-limoncello"),
      drink("Strawberry Cooler", "Strawberry, lemon and sparkling water over ice.", 500, "beverage-strawberry-compote-drink"),
    ],
  },
  {
    name: "Golden Lantern Kitchen",
    description:
      "Wok-fired Chinese comfort food from a family kitchen in Chinatown: house fried rice, mapo tofu, hoisin pork belly, sticky glazed chicken and steamed red bean buns.",
    address: "936 Grant Avenue",
    city: "San Francisco",
    state: "CA",
    zip: "94108",
    lat: 37.7958,
    lng: -122.4068,
    cuisineType: "Chinese",
    priceLevel: "INEXPENSIVE",
    deliveryFeeCents: 149,
    deliveryTime: 30,
    businessHours: "Mon-Sun 11:00 AM - 10:00 PM",
    closingTime: "22:00",
    storeImage: photo("chinese-fried-rice-arroz-chaufa"),
    ownerId: 2,
    menu: [
      app("Egg Fried Rice", "A side of fried rice with zucchini, celery and soft-boiled egg.", 700, "chinese-egg-fried-rice"),
      app("Chicken Noodle Soup", "A small bowl of chicken broth with noodles, greens and a soft egg.", 800, "japanese-noodle-soup"),
      main("House Special Fried Rice", "Wok-fried rice with roast pork, scrambled egg, scallions and soy.", 1250, "chinese-fried-rice-arroz-chaufa"),
      main("Mapo Tofu", "Silken tofu and minced pork in a numbing, spicy Sichuan chili bean sauce.", 1300, "chinese-mapo-tofu-2"),
      main("Mapo Tofu Rice Plate", "Mapo tofu with green peppers served over steamed jasmine rice.", 1350, "chinese-mapo-tofu-1"),
      main("Hoisin Pork Belly", "Braised pork belly glazed with hoisin and soy, topped with scallions.", 1450, "chinese-hoisin-pork-belly"),
      main("Sweet and Sticky Chicken", "Crispy chicken pieces tossed in a sweet and savoury sticky sauce.", 1300, "chinese-sticky-sauce-chicken"),
      sweet("Red Bean Buns", "Two fluffy steamed buns filled with sweet red bean paste.", 500, "chinese-red-bean-buns"),
      sweet("Sugar Donuts", "Golden fried dough balls dusted with powdered sugar.", 450, "dessert-quark-balls"),
      drink("Hong Kong Milk Tea", "Strong black tea with evaporated milk, served hot.", 400, "beverage-tea-with-milk"),
      drink("Honey Lemonade", "Fresh lemon juice sweetened with honey.", 350, "italian-limoncello"),
    ],
  },
  {
    name: "Kaze Noodle and Sushi",
    description:
      "Japantown noodle bar and sushi counter: teriyaki beef with noodles, comforting chicken ramen, sushi rolls and a beef rice bowl topped with melted cheese and an egg yolk.",
    address: "1721 Buchanan Street",
    city: "San Francisco",
    state: "CA",
    zip: "94115",
    lat: 37.7862,
    lng: -122.4297,
    cuisineType: "Japanese",
    priceLevel: "MODERATE",
    deliveryFeeCents: 299,
    deliveryTime: 35,
    businessHours: "Mon-Sun 11:00 AM - 10:00 PM",
    closingTime: "22:00",
    storeImage: photo("japanese-teriyaki-beef-noodles"),
    ownerId: 1,
    menu: [
      app("Kani Salad", "Shredded crab with cucumber and Japanese mayonnaise.", 900, "seafood-crab-salad"),
      app("Salmon and Shrimp Salad", "Salmon, shrimp, red cabbage, cucumber, tomato and greens with sesame dressing.", 1200, "seafood-poke-salad-bowl"),
      app("Edamame and Corn Salad", "Edamame, sweet corn and toasted nuts and seeds with a light soy dressing.", 800, "vegan-corn-bean-salad"),
      main("Teriyaki Beef Noodles", "Wok-tossed noodles with teriyaki beef, broccoli, corn and red peppers.", 1800, "japanese-teriyaki-beef-noodles"),
      main("Chicken Ramen", "Chicken broth with noodles, tender chicken, a soft-boiled egg and greens.", 1700, "japanese-noodle-soup"),
      main("Sushi Roll Platter", "A chef selection of sushi rolls with fresh greens, pickled ginger and wasabi.", 1900, "japanese-sushi-rolls"),
      main("Cheese Gyudon", "Simmered beef over rice, topped with melted cheese and a raw egg yolk.", 1600, "japanese-cheesy-rice-bowl"),
      sweet("Red Bean Buns", "Steamed buns filled with sweet azuki bean paste.", 600, "chinese-red-bean-buns"),
      drink("Royal Milk Tea", "Black tea simmered in milk, Tokyo cafe style.", 500, "beverage-tea-with-milk"),
      drink("Yuzu Lemonade", "Lemonade brightened with yuzu citrus, served over ice.", 550, "italian-limoncello"),
    ],
  },
  {
    name: "Han River Kitchen",
    description:
      "Homestyle Korean cooking in Oakland: bibimbap with a runny egg, soy-marinated bulgogi, spicy pork stir-fry served sizzling and double-fried chicken glazed in sweet chili sauce.",
    address: "2900 Telegraph Avenue",
    city: "Oakland",
    state: "CA",
    zip: "94609",
    lat: 37.818,
    lng: -122.2665,
    cuisineType: "Korean",
    priceLevel: "MODERATE",
    deliveryFeeCents: 249,
    deliveryTime: 35,
    businessHours: "Mon-Sun 11:00 AM - 10:00 PM",
    closingTime: "22:00",
    storeImage: photo("korean-pork-stir-fry-pot"),
    ownerId: 2,
    menu: [
      app("Edamame and Corn Salad", "Edamame, corn, nuts and seeds tossed in a sesame soy dressing.", 700, "vegan-corn-bean-salad"),
      app("Sweet Potato Fries", "Crispy sweet potato fries with a gochujang mayo dip.", 650, "fast-food-sweet-potato-fries"),
      main("Bibimbap", "Rice topped with seasoned vegetables, beef, a fried egg and gochujang.", 1650, "korean-bibimbap"),
      main("Beef Bulgogi Bowl", "Thinly sliced soy and pear marinated beef over rice with spinach and carrots.", 1750, "korean-bulgogi-rice-bowl"),
      main("Spicy Pork Stir Fry", "Jeyuk bokkeum: pork and cabbage stir-fried in a spicy gochujang sauce, served sizzling.", 1700, "korean-pork-stir-fry-pot"),
      main("Yangnyeom Chicken", "Double-fried chicken, half plain and half glazed in sweet and spicy yangnyeom sauce.", 1800, "korean-spicy-fried-chicken"),
      sweet("Hoppang Red Bean Buns", "Korean steamed buns filled with sweet red bean.", 550, "chinese-red-bean-buns"),
      drink("Milk Tea", "Black tea with milk and a little brown sugar.", 450, "beverage-tea-with-milk"),
      drink("Strawberry Ade", "Fresh strawberry puree topped with sparkling water.", 550, "beverage-strawberry-compote-drink"),
    ],
  },
  {
    name: "Little Saigon Noodle Bar",
    description: "Big, fragrant bowls of pho simmered overnight, rice noodle soups and fried rice from Little Saigon, with fresh herbs, lime and chili on the side.",
    address: "615 Larkin Street",
    city: "San Francisco",
    state: "CA",
    zip: "94102",
    lat: 37.7838,
    lng: -122.4178,
    cuisineType: "Vietnamese",
    priceLevel: "INEXPENSIVE",
    deliveryFeeCents: 99,
    deliveryTime: 30,
    businessHours: "Mon-Sun 10:00 AM - 9:00 PM",
    closingTime: "21:00",
    storeImage: photo("vietnamese-pho"),
    ownerId: 1,
    menu: [
      app("Shrimp and Salmon Salad", "Shrimp, salmon, red cabbage, cucumber and herbs with a nuoc cham dressing.", 900, "seafood-poke-salad-bowl"),
      main("Pho Tai", "Rice noodles in beef broth simmered with star anise and cinnamon, with rare beef and herbs.", 1350, "vietnamese-pho"),
      main("Pho Ga", "Chicken pho: rice noodles, poached chicken, greens and a soft egg in a clear ginger broth.", 1300, "japanese-noodle-soup"),
      main("Seafood Rice Noodle Soup", "Rice noodles with shrimp, fish balls and chili in a bright tomato broth.", 1450, "seafood-shrimp-noodle-soup"),
      main("Com Chien", "Vietnamese fried rice with egg, zucchini and celery.", 1200, "chinese-egg-fried-rice"),
      main("Caramel Chicken", "Ga kho: chicken simmered in caramel and fish sauce until sticky, with rice.", 1300, "chinese-sticky-sauce-chicken"),
      sweet("Coconut Rice Pudding", "Creamy rice pudding cooked with coconut milk, served warm.", 500, "breakfast-rice-porridge-risengrod"),
      drink("Fresh Limeade", "Nuoc chanh: freshly squeezed lime with sugar and mint.", 400, "beverage-mojito-mocktail"),
      drink("Milk Tea", "Hot black tea with milk.", 400, "beverage-tea-with-milk"),
    ],
  },
  {
    name: "Lemongrass Thai Kitchen",
    description:
      "Bright, herb-forward Thai cooking in North Berkeley: fragrant green curry, khao pad fried rice, tom yum noodle soup and crispy garlic fried chicken, spiced to order.",
    address: "1820 Solano Avenue",
    city: "Berkeley",
    state: "CA",
    zip: "94707",
    lat: 37.8908,
    lng: -122.2795,
    cuisineType: "Thai",
    priceLevel: "MODERATE",
    deliveryFeeCents: 199,
    deliveryTime: 35,
    businessHours: "Mon-Sun 11:00 AM - 9:00 PM",
    closingTime: "21:00",
    storeImage: photo("thai-green-curry"),
    ownerId: 2,
    menu: [
      app("Thai Fried Chicken", "Gai tod: crisp garlic and pepper fried chicken with sweet chili sauce.", 950, "soul-food-fried-chicken-thumb"),
      app("Spicy Shrimp Salad", "Shrimp and salmon with cabbage, cucumber and tomato in a lime chili dressing.", 1100, "seafood-poke-salad-bowl"),
      main("Green Curry with Chicken", "Chicken and vegetables simmered in coconut green curry with Thai basil, with jasmine rice.", 1650, "thai-green-curry"),
      main("Khao Pad Fried Rice", "Thai fried rice with egg, zucchini and celery, served with lime.", 1400, "chinese-egg-fried-rice"),
      main("Tom Yum Noodle Soup", "Rice noodles and shrimp in a hot and sour lemongrass broth with chili.", 1600, "seafood-shrimp-noodle-soup"),
      main("Stir Fried Beef Noodles", "Noodles wok-fried with beef, broccoli, corn and peppers in a savoury soy sauce.", 1550, "japanese-teriyaki-beef-noodles"),
      main("Sweet Chili Chicken", "Crispy chicken tossed in a sticky sweet chili glaze, topped with crushed peanuts.", 1450, "chinese-sticky-sauce-chicken"),
      sweet("Coconut Rice Pudding", "Warm rice pudding made with coconut milk and palm sugar.", 600, "breakfast-rice-porridge-risengrod"),
      drink("Thai Milk Tea", "Strong black tea with sweetened condensed milk.", 500, "beverage-tea-with-milk"),
      drink("Fresh Limeade", "Lime juice, sugar and mint over crushed ice.", 450, "beverage-mojito-mocktail"),
    ],
  },
  {
    name: "Taqueria La Paloma",
    description: "Mission-style burritos, tacos with rice and beans, cheesy quesadillas and guacamole mashed to order. Big portions, fair prices and open late.",
    address: "2889 Mission Street",
    city: "San Francisco",
    state: "CA",
    zip: "94110",
    lat: 37.7515,
    lng: -122.4183,
    cuisineType: "Mexican",
    priceLevel: "INEXPENSIVE",
    deliveryFeeCents: 149,
    deliveryTime: 25,
    businessHours: "Mon-Sun 10:00 AM - 11:00 PM",
    closingTime: "23:00",
    storeImage: photo("mexican-guacamole"),
    ownerId: 1,
    menu: [
      app("Guacamole and Chips", "Avocado mashed to order with lime, onion and cilantro, with tortilla chips.", 750, "mexican-guacamole"),
      app("Nachos with Guacamole", "Crunchy tortilla chips with a bowl of guacamole and sliced chilies.", 950, "mexican-nachos-guacamole-thumb"),
      app("Refried Beans and Chips", "Creamy refried pinto beans with crisp tortilla chips.", 550, "mexican-refried-beans"),
      main("Carne Asada Tacos", "Three tacos of grilled steak, onion and cilantro, with Mexican rice and beans.", 1250, "mexican-tacos-rice-thumb"),
      main("Chicken Burrito", "Flour tortilla packed with grilled chicken, rice, beans, pico de gallo and cheese.", 1200, "mexican-burrito-thumb"),
      main("Cheese Quesadilla", "Flour tortilla griddled with melted jack cheese, with salsa and sour cream.", 950, "mexican-quesadilla"),
      sweet("Caramel Custard", "Baked vanilla custard with a caramelised sugar top.", 500, "spanish-crema-catalana"),
      sweet("Mexican Chocolate Brownie", "A fudgy chocolate brownie spiced with cinnamon.", 450, "dessert-chocolate-brownie"),
      drink("Agua Fresca de Fresa", "Strawberry agua fresca, blended fresh every day.", 400, "beverage-strawberry-compote-drink"),
      drink("Limonada", "Fresh limeade with mint over ice.", 400, "beverage-mojito-mocktail"),
    ],
  },
  {
    name: "Masala House",
    description: "North Indian curries from the tandoor and the stove: butter chicken, paneer tikka, slow-cooked dal and lamb biryani, with fresh naan and Assam chai.",
    address: "2430 Telegraph Avenue",
    city: "Berkeley",
    state: "CA",
    zip: "94704",
    lat: 37.8662,
    lng: -122.2587,
    cuisineType: "Indian",
    priceLevel: "MODERATE",
    deliveryFeeCents: 249,
    deliveryTime: 40,
    businessHours: "Mon-Sun 11:00 AM - 10:00 PM",
    closingTime: "22:00",
    storeImage: photo("indian-butter-chicken"),
    ownerId: 2,
    menu: [
      app("Butter Naan", "Soft leavened bread baked in the tandoor and brushed with butter.", 450, "indian-naan"),
      app("Paneer Tikka", "Cubes of paneer marinated in spiced yogurt and grilled on skewers.", 1100, "indian-paneer-tikka-skewers"),
      main("Butter Chicken", "Tandoori chicken in a silky tomato, butter and cream sauce, with basmati rice.", 1850, "indian-butter-chicken"),
      main("Paneer Tikka Masala", "Grilled paneer in a spiced onion and tomato masala, served with naan.", 1700, "indian-paneer-tikka-masala"),
      main("Lamb Biryani", "Basmati rice layered with spiced lamb, saffron and fried onions, slow-cooked in a sealed pot.", 2000, "indian-lamb-biryani"),
      main("Green Moong Dal", "Whole green lentils simmered with turmeric and finished with cumin and garlic.", 1300, "vegan-lentil-curry"),
      main("Rajma Masala", "Red kidney beans slow-cooked in a ginger, onion and tomato gravy.", 1350, "vegan-bean-chili"),
      sweet("Kheer", "Creamy rice pudding scented with cardamom.", 600, "breakfast-rice-porridge-risengrod"),
      drink("Assam Chai", "Assam black tea brewed with milk, ginger and cardamom.", 400, "indian-assam-milk-tea"),
      drink("Banana Lassi", "Yogurt blended with ripe banana and a touch of honey.", 550, "beverage-banana-milkshake"),
    ],
  },
  {
    name: "Cedar and Olive",
    description:
      "Eastern Mediterranean and North African plates in Oakland: shakshuka in the pan, couscous with lamb and vegetables, hummus with warm pita and lamb slow-cooked with lemon.",
    address: "3420 Grand Avenue",
    city: "Oakland",
    state: "CA",
    zip: "94610",
    lat: 37.8137,
    lng: -122.244,
    cuisineType: "Mediterranean",
    priceLevel: "MODERATE",
    deliveryFeeCents: 199,
    deliveryTime: 35,
    businessHours: "Mon-Sun 11:00 AM - 9:00 PM",
    closingTime: "21:00",
    storeImage: photo("mediterranean-shakshuka-2"),
    ownerId: 1,
    menu: [
      app("Hummus and Pita", "Creamy chickpea and tahini hummus with warm pita and a chopped cucumber tomato salad.", 900, "mediterranean-hummus-pita"),
      app("Tajine Maadnous", "Tunisian baked egg terrine with parsley, chicken and cheese, served in slices.", 1000, "mediterranean-tunisian-tajine-maadnous"),
      main("Shakshuka", "Eggs baked in a spiced tomato and pepper sauce, topped with scallions, with bread.", 1500, "mediterranean-shakshuka-2"),
      main("Couscous with Lamb and Vegetables", "Steamed couscous under a stew of lamb, chickpeas, carrots and potatoes.", 1900, "mediterranean-couscous-tagine"),
      main("Slow Cooked Lamb with Lemon", "Lamb shoulder braised for hours with lemon, garlic and oregano.", 2300, "mediterranean-slow-cooked-lamb-lemon"),
      main("Stuffed Tomatoes", "Tomatoes baked with a herbed rice and meat filling, served with rice.", 1700, "mediterranean-stuffed-tomatoes"),
      main("Mediterranean Quiche", "A deep savoury tart with roasted vegetables, herbs and cheese.", 1500, "mediterranean-quiche"),
      sweet("Tahini Shortbread", "Crumbly shortbread cookies made with sesame tahini.", 450, "mediterranean-tahini-shortbread"),
      drink("Mint Lemonade", "Limonana: lemonade blended with fresh mint and ice.", 500, "beverage-mojito-mocktail"),
      drink("Strawberry Cooler", "Strawberry, lemon and sparkling water over ice.", 500, "beverage-strawberry-compote-drink"),
    ],
  },
  {
    name: "Aegean Taverna",
    description:
      "A Greek taverna with island cooking: gemista stuffed tomatoes, lamb kleftiko, lemon and oregano chicken from the oven and tender octopus dressed in good olive oil.",
    address: "1455 Polk Street",
    city: "San Francisco",
    state: "CA",
    zip: "94109",
    lat: 37.7905,
    lng: -122.4205,
    cuisineType: "Greek",
    priceLevel: "EXPENSIVE",
    deliveryFeeCents: 349,
    deliveryTime: 45,
    businessHours: "Mon-Sun 4:00 PM - 10:00 PM",
    closingTime: "22:00",
    storeImage: photo("mediterranean-stuffed-tomatoes"),
    ownerId: 2,
    menu: [
      app("Hummus with Warm Pita", "Chickpea and tahini hummus with warm pita and a cucumber tomato salad.", 1300, "mediterranean-hummus-pita"),
      app("Octopus with Olive Oil", "Tender octopus dressed with olive oil, sea salt and sweet paprika.", 1800, "spanish-pulpo-a-la-gallega"),
      app("Roasted Potatoes with Kefalotyri", "Crispy roast potatoes under a drift of grated sheep cheese.", 1100, "vegetarian-parmesan-potatoes"),
      main("Gemista", "Tomatoes stuffed with herbed rice and ground meat, baked and served with rice.", 2600, "mediterranean-stuffed-tomatoes"),
      main("Lemon Oregano Chicken", "Chicken and potatoes roasted in a tray with lemon, garlic and oregano.", 2800, "greek-lemon-oregano-chicken-traybake"),
      main("Lamb Kleftiko", "Lamb slow-cooked with lemon, garlic and herbs until it falls apart.", 3400, "mediterranean-slow-cooked-lamb-lemon"),
      sweet("Almond Cake", "Amygdalopita: a moist almond cake dusted with powdered sugar.", 1100, "spanish-tarta-de-santiago"),
      sweet("Tahini Cookies", "Crumbly sesame tahini cookies.", 900, "mediterranean-tahini-shortbread"),
      drink("Fresh Lemonade", "Lemonade made with fresh lemons and a little honey.", 600, "italian-limoncello"),
      drink("Mint Lemonade", "Lemon, mint and crushed ice.", 650, "beverage-mojito-mocktail"),
    ],
  },
  {
    name: "La Rambla Tapas",
    description:
      "Tapas and hearty Spanish home cooking: tortilla de patatas, pulpo a la gallega, chicken braised in cider with apples, lentils with chorizo and crema catalana torched to order.",
    address: "498 Valencia Street",
    city: "San Francisco",
    state: "CA",
    zip: "94103",
    lat: 37.765,
    lng: -122.4218,
    cuisineType: "Spanish",
    priceLevel: "EXPENSIVE",
    deliveryFeeCents: 349,
    deliveryTime: 45,
    businessHours: "Tue-Sun 5:00 PM - 11:00 PM",
    closingTime: "23:00",
    storeImage: photo("spanish-apple-chicken"),
    ownerId: 1,
    menu: [
      app("Tortilla Espanola", "A thick Spanish omelette of slow-fried potatoes and onion, served in wedges.", 1200, "spanish-tortilla-de-patatas"),
      app("Pulpo a la Gallega", "Galician octopus with olive oil, flaky salt and smoked paprika.", 1900, "spanish-pulpo-a-la-gallega"),
      app("Rustic Bread with Olive Oil", "Seeded country bread with Spanish olive oil.", 700, "breakfast-seeded-sourdough-bread"),
      main("Pollo a la Sidra", "Chicken braised in Asturian cider with roasted apples and onions, served with mashed potatoes.", 2800, "spanish-apple-chicken"),
      main("Lentejas con Chorizo", "A hearty lentil stew with chorizo, carrots and smoked paprika.", 2200, "spanish-sopa-de-lentejas"),
      main("Cerdo Asado", "Slow-roasted pork loin with garlic and rosemary, sliced thick.", 3000, "italian-tuscan-pork-roast"),
      sweet("Crema Catalana", "Citrus and cinnamon custard with a burnt sugar crust.", 1000, "spanish-crema-catalana"),
      sweet("Tarta de Santiago", "Galician almond cake dusted with powdered sugar.", 1100, "spanish-tarta-de-santiago"),
      sweet("Torrijas", "Bread soaked in milk, fried and coated in cinnamon sugar.", 900, "spanish-torrijas"),
      drink("Sangria", "Red wine with brandy, orange and cinnamon. Must be 21 or over.", 1200, "italian-mulled-wine"),
      drink("Sparkling Lemonade", "Fresh lemon juice topped with soda.", 500, "italian-limoncello"),
    ],
  },
  {
    name: "Dockside Fish House",
    description:
      "A Fisherman's Wharf dining room serving the day's catch: lime-cured ceviche, Dungeness crab salad, pan-fried monkfish, sushi rolls and a spicy shrimp noodle soup.",
    address: "2860 Taylor Street",
    city: "San Francisco",
    state: "CA",
    zip: "94133",
    lat: 37.8078,
    lng: -122.416,
    deliveryRadiusKm: 6,
    cuisineType: "Seafood",
    priceLevel: "VERY_EXPENSIVE",
    deliveryFeeCents: 599,
    deliveryTime: 50,
    businessHours: "Mon-Sun 12:00 PM - 10:00 PM",
    closingTime: "22:00",
    storeImage: photo("seafood-ceviche"),
    ownerId: 2,
    menu: [
      app("Ceviche", "Fresh white fish cured in lime juice with red onion, cilantro and chili.", 2200, "seafood-ceviche"),
      app("Dungeness Crab Salad", "Sweet Dungeness crab with lemon, celery, chives and house aioli.", 2800, "seafood-crab-salad"),
      app("Grilled Octopus", "Tender octopus with olive oil, sea salt and smoked paprika.", 2600, "spanish-pulpo-a-la-gallega"),
      app("Salmon and Shrimp Salad", "Salmon, shrimp, cabbage, cucumber and greens with a sesame dressing.", 2400, "seafood-poke-salad-bowl"),
      main("Pan Fried Monkfish", "Monkfish fillet pan-fried in butter with a white wine sauce.", 4600, "seafood-fried-anglerfish-fillet"),
      main("Spicy Shrimp Noodle Soup", "Rice noodles, prawns and fish balls in a chili tomato broth.", 3800, "seafood-shrimp-noodle-soup"),
      main("Chef Selection Sushi Rolls", "Sushi rolls made with the day's fish, with pickled ginger and wasabi.", 4200, "japanese-sushi-rolls"),
      sweet("Crème Brûlée", "Vanilla custard with a caramelised sugar crust.", 1400, "spanish-crema-catalana"),
      sweet("Chocolate Lava Cake", "Molten chocolate cake with vanilla ice cream and berries.", 1500, "dessert-chocolate-lava-cake"),
      drink("House Limoncello", "Chilled lemon liqueur. Must be 21 or over.", 1400, "italian-limoncello"),
      drink("Sparkling Mint Limeade", "Lime, mint and sparkling water over ice.", 900, "beverage-mojito-mocktail"),
    ],
  },
  {
    name: "Ocean Beach Poke",
    description: "Poke and sushi a block from the beach: salmon and shrimp bowls, crab salad, ceviche and sushi rolls, packed fresh for the trip home.",
    address: "4032 Judah Street",
    city: "San Francisco",
    state: "CA",
    zip: "94122",
    lat: 37.7605,
    lng: -122.5053,
    deliveryRadiusKm: 10,
    cuisineType: "Seafood",
    priceLevel: "INEXPENSIVE",
    deliveryFeeCents: 199,
    deliveryTime: 25,
    businessHours: "Mon-Sun 11:00 AM - 8:00 PM",
    closingTime: "20:00",
    storeImage: photo("seafood-poke-salad-bowl"),
    ownerId: 1,
    menu: [
      app("Crab Salad", "Shredded crab with cucumber and a light mayonnaise dressing.", 800, "seafood-crab-salad"),
      app("Ceviche Cup", "Lime-cured white fish with onion and cilantro.", 900, "seafood-ceviche"),
      app("Edamame and Corn Salad", "Edamame, corn, nuts and seeds with a soy dressing.", 600, "vegan-corn-bean-salad"),
      main("Salmon and Shrimp Poke Bowl", "Salmon, shrimp, red cabbage, cucumber, tomato and greens with sesame seeds.", 1500, "seafood-poke-salad-bowl"),
      main("Sushi Rolls", "Two sushi rolls with fresh greens on the side.", 1400, "japanese-sushi-rolls"),
      main("Shrimp Noodle Soup", "Rice noodles and shrimp in a spicy tomato broth.", 1400, "seafood-shrimp-noodle-soup"),
      sweet("Ice Cream Sundae", "Vanilla ice cream with caramel, whipped cream and crunchy toppings.", 600, "dessert-ice-cream-sundae-thumb"),
      drink("Fresh Limeade", "Lime, mint and sugar over ice.", 400, "beverage-mojito-mocktail"),
      drink("Strawberry Smoothie", "Strawberries and banana blended with yogurt.", 550, "beverage-strawberry-shake-thumb"),
    ],
  },
  {
    name: "Greenhouse Kitchen",
    description:
      "Vegetable-forward cooking from a Berkeley kitchen garden: pasta bakes, stuffed squash, big soups and homemade cakes. Everything is vegetarian, and much of it can be made vegan.",
    address: "1600 San Pablo Avenue",
    city: "Berkeley",
    state: "CA",
    zip: "94702",
    lat: 37.8756,
    lng: -122.2968,
    cuisineType: "Vegetarian",
    priceLevel: "MODERATE",
    deliveryFeeCents: 249,
    deliveryTime: 35,
    businessHours: "Mon-Sun 11:00 AM - 9:00 PM",
    closingTime: "21:00",
    storeImage: photo("vegetarian-veggie-pasta-bake-wide"),
    ownerId: 2,
    menu: [
      app("Watercress Soup", "Bright green watercress and potato soup with fresh coriander.", 800, "vegetarian-watercress-soup"),
      app("Potato Leek Soup", "Creamy potato and leek soup with chives.", 800, "vegetarian-potato-leek-soup"),
      app("Parmesan Potatoes", "Roasted potatoes with garlic and grated parmesan.", 750, "vegetarian-parmesan-potatoes"),
      main("Veggie Pasta Bake", "Penne baked with tomato, roasted vegetables, mozzarella and basil.", 1600, "vegetarian-veggie-pasta-bake"),
      main("Broccoli and Scamorza Pasta Bake", "Pasta baked with broccoli and smoky scamorza cheese.", 1650, "vegetarian-baked-pasta-broccoli"),
      main("Stuffed Round Squash", "Round zucchini baked with a filling of rice, vegetables and cheese.", 1550, "vegetarian-stuffed-round-squash"),
      main("Fennel White Bean and Kale Soup", "A hearty bowl of fennel, white beans and kale in a garlicky broth, with bread.", 1350, "vegetarian-fennel-bean-kale-soup"),
      main("Mediterranean Quiche", "A deep savoury tart with vegetables, herbs and cheese.", 1450, "mediterranean-quiche"),
      sweet("Victoria Sponge Cake", "Vanilla sponge layered with raspberry jam and cream.", 700, "dessert-victoria-sponge-cake"),
      sweet("Apple Strudel", "Flaky pastry with cinnamon apples and raisins.", 750, "dessert-apple-strudel"),
      drink("Strawberry Cooler", "Strawberries, lemon and sparkling water over ice.", 500, "beverage-strawberry-compote-drink"),
      drink("Tea with Milk", "A pot of black tea with milk.", 350, "beverage-tea-with-milk"),
    ],
  },
  {
    name: "Sprout and Sage",
    description:
      "A fully plant-based kitchen in Oakland: smoky bean chili, green lentil curry, hummus plates, grain salads and rich chocolate brownies, with no animal products anywhere.",
    address: "4300 Piedmont Avenue",
    city: "Oakland",
    state: "CA",
    zip: "94611",
    lat: 37.8287,
    lng: -122.2499,
    cuisineType: "Vegan",
    priceLevel: "MODERATE",
    deliveryFeeCents: 199,
    deliveryTime: 30,
    businessHours: "Mon-Sun 10:00 AM - 8:00 PM",
    closingTime: "20:00",
    storeImage: photo("vegetarian-fennel-bean-kale-soup"),
    ownerId: 1,
    menu: [
      app("Hummus and Pita", "Chickpea and tahini hummus with warm pita and a chopped salad.", 850, "mediterranean-hummus-pita"),
      app("Edamame and Corn Salad", "Edamame, sweet corn, nuts and seeds with a lemon herb dressing.", 800, "vegan-corn-bean-salad"),
      main("Smoky Bean Chili", "Beans and vegetables slow-cooked in a smoky tomato chili, topped with chives.", 1400, "vegan-bean-chili"),
      main("Green Lentil Curry", "Green lentils simmered with turmeric, cumin and garlic.", 1350, "vegan-lentil-curry"),
      main("White Bean and Kale Soup", "Fennel, white beans and kale in a garlic and herb broth.", 1300, "vegetarian-fennel-bean-kale-soup"),
      main("Overnight Oats with Berries", "Oats soaked in almond milk, topped with berries and toasted nuts.", 1200, "breakfast-oatmeal-berries"),
      sweet("Vegan Chocolate Brownies", "Fudgy dairy-free chocolate brownies with walnuts.", 500, "vegan-chocolate-nut-brownies"),
      drink("Mint Lemonade", "Lemon, fresh mint and crushed ice.", 500, "beverage-mojito-mocktail"),
      drink("Strawberry Cooler", "Strawberry, lemon and sparkling water.", 500, "beverage-strawberry-compote-drink"),
    ],
  },
  {
    name: "Twin Peaks Burgers and Shakes",
    description: "Burgers, crispy fried chicken, fries and thick shakes, fast. The counter-service classic at the bottom of the hill on Upper Market.",
    address: "2198 Market Street",
    city: "San Francisco",
    state: "CA",
    zip: "94114",
    lat: 37.767,
    lng: -122.4296,
    cuisineType: "Fast Food",
    priceLevel: "INEXPENSIVE",
    deliveryFeeCents: 99,
    deliveryTime: 20,
    businessHours: "Mon-Sun 10:00 AM - 11:00 PM",
    closingTime: "23:00",
    storeImage: photo("beverage-banana-milkshake"),
    ownerId: 2,
    menu: [
      app("French Fries", "Crispy golden fries with ketchup.", 350, "fast-food-french-fries-thumb"),
      app("Sweet Potato Fries", "Sweet potato fries with a pinch of salt.", 450, "fast-food-sweet-potato-fries"),
      app("Kettle Corn", "Sweet and salty popcorn, popped fresh.", 300, "fast-food-kettle-corn"),
      main("Classic Burger", "Beef patty with lettuce, tomato, onion and cheese on a sesame bun.", 950, "fast-food-burger-thumb"),
      main("Double Burger and Fries", "Two beef patties with cheese and pickles, served with fries.", 1150, "fast-food-burger-and-fries-thumb"),
      main("Cheeseburger Combo", "Cheeseburger with a side of fries.", 1050, "fast-food-cheeseburger-fries-thumb"),
      main("Fried Chicken and Fries", "Crispy fried chicken pieces with a side of fries.", 1100, "fast-food-fried-chicken-fries-thumb"),
      main("Ham Sub", "Toasted sub roll with ham, lettuce, tomato and cheese.", 850, "fast-food-sub-sandwich-thumb"),
      sweet("Ice Cream Sundae", "Vanilla ice cream with caramel, whipped cream and crunchy toppings.", 550, "dessert-ice-cream-sundae-thumb"),
      sweet("Chocolate Chip Cookies", "Two warm chocolate chip cookies.", 300, "american-chocolate-chip-cookies"),
      drink("Banana Milkshake", "Banana and vanilla ice cream blended thick.", 550, "beverage-banana-milkshake"),
      drink("Strawberry Shake", "Strawberry ice cream shake with whipped cream.", 550, "beverage-strawberry-shake-thumb"),
    ],
  },
  {
    name: "Auntie Mae's Soul Kitchen",
    description:
      "Southern soul food cooked low and slow in North Oakland: buttermilk fried chicken, smoked turkey, Sunday meatloaf, slow-simmered collard greens and homemade apple pie.",
    address: "5812 Martin Luther King Jr Way",
    city: "Oakland",
    state: "CA",
    zip: "94609",
    lat: 37.844,
    lng: -122.27,
    cuisineType: "Soul Food",
    priceLevel: "MODERATE",
    deliveryFeeCents: 249,
    deliveryTime: 40,
    businessHours: "Tue-Sun 11:00 AM - 9:00 PM",
    closingTime: "21:00",
    storeImage: photo("soul-food-collard-greens"),
    ownerId: 1,
    menu: [
      app("Collard Greens", "Collards simmered for hours with smoked meat, onions and a splash of vinegar.", 600, "soul-food-collard-greens"),
      app("Cornbread Salad", "Crumbled cornbread layered with beans, corn, tomatoes, peppers and cheddar.", 800, "american-southwest-cornbread-salad"),
      app("Creamy Mashed Potatoes", "Whipped potatoes with butter and scallions.", 550, "american-creamy-mashed-potatoes"),
      main("Buttermilk Fried Chicken", "Three pieces of crisp, well-seasoned buttermilk fried chicken.", 1650, "soul-food-fried-chicken-thumb"),
      main("Smoked Turkey Dinner", "Smoked turkey carved to order with gravy.", 1800, "american-smoked-turkey"),
      main("Sunday Meatloaf", "Beef meatloaf baked under a sweet tomato glaze.", 1600, "american-meatloaf"),
      main("Baked Macaroni Casserole", "Pasta and chicken baked in a creamy cheddar sauce under crisp crumbs.", 1500, "american-chicken-pasta-casserole"),
      sweet("Apple Pie", "Homemade double-crust apple pie with cinnamon.", 650, "american-apple-pie"),
      sweet("Chocolate Chip Cookies", "Three big chocolate chip cookies.", 450, "american-chocolate-chip-cookies"),
      drink("Strawberry Lemonade", "Lemonade blended with fresh strawberries.", 450, "beverage-strawberry-compote-drink"),
      drink("Banana Milkshake", "A thick banana and vanilla milkshake.", 600, "beverage-banana-milkshake"),
    ],
  },
];

// ---------------------------------------------------------------------------------------------
// Order history. Items are named here and resolved to indices below, so menu edits cannot
// silently point an order at the wrong dish.

function restaurantIndex(name: string): number {
  const index = restaurants.findIndex((r) => r.name === name);
  if (index < 0) throw new Error(`seed-data: no restaurant named ${name}`);
  return index;
}

function order(
  userId: number,
  restaurantName: string,
  lines: [itemName: string, quantity: number][],
  rest: Omit<PastOrderSeed, "userId" | "restaurantIndex" | "items">,
): PastOrderSeed {
  const rIndex = restaurantIndex(restaurantName);
  const menu = restaurants[rIndex]!.menu;
  const items = lines.map(([itemName, quantity]) => {
    const menuIndex = menu.findIndex((m) => m.name === itemName);
    if (menuIndex < 0) throw new Error(`seed-data: ${restaurantName} has no item named ${itemName}`);
    return { menuIndex, quantity };
  });
  return { userId, restaurantIndex: rIndex, items, ...rest };
}

export const pastOrders: PastOrderSeed[] = [
  // Priya (3)
  order(
    3,
    "Lucky Penny Diner",
    [
      ["Meatloaf Dinner", 1],
      ["Creamy Mashed Potatoes", 1],
      ["Apple Pie", 1],
      ["Banana Milkshake", 1],
    ],
    {
      deliveryOption: "standard",
      tipPercent: 15,
      paymentMethod: "card",
      status: "Completed",
      daysAgo: 58.3,
      review: {
        review: "Proper diner meatloaf with a sticky glaze, and the apple pie tasted homemade. Shake was thick enough to need a spoon.",
        orderRating: 5,
        restaurantRating: 4,
      },
    },
  ),
  order(
    3,
    "Taqueria La Paloma",
    [
      ["Chicken Burrito", 2],
      ["Guacamole and Chips", 1],
      ["Agua Fresca de Fresa", 2],
    ],
    {
      deliveryOption: "standard",
      tipPercent: 20,
      paymentMethod: "card",
      status: "Completed",
      daysAgo: 41.1,
      review: { review: "Burritos arrived hot and the guacamole tasted freshly made. Easily our favourite burrito in the Mission.", orderRating: 5, restaurantRating: 5 },
    },
  ),
  order(
    3,
    "Kaze Noodle and Sushi",
    [
      ["Chicken Ramen", 1],
      ["Sushi Roll Platter", 1],
      ["Kani Salad", 1],
      ["Royal Milk Tea", 1],
    ],
    {
      deliveryOption: "priority",
      tipPercent: 20,
      paymentMethod: "wallet",
      status: "Completed",
      daysAgo: 26.2,
      review: { review: "Rich ramen broth and very fresh sushi. The noodles softened a little on the way, but it was still great.", orderRating: 4, restaurantRating: 4 },
    },
  ),
  order(
    3,
    "Masala House",
    [
      ["Butter Chicken", 1],
      ["Lamb Biryani", 1],
      ["Butter Naan", 2],
      ["Assam Chai", 2],
    ],
    {
      deliveryOption: "standard",
      tipPercent: 25,
      paymentMethod: "wallet",
      status: "Completed",
      daysAgo: 12.1,
      review: {
        review: "Butter chicken was silky and not too sweet, and the biryani was fragrant with tender lamb. Naan stayed soft.",
        orderRating: 5,
        restaurantRating: 5,
      },
    },
  ),
  order(
    3,
    "Nob Hill Brunch Club",
    [
      ["Eggs Florentine", 2],
      ["English Breakfast Tea", 1],
    ],
    {
      deliveryOption: "standard",
      tipPercent: 15,
      paymentMethod: "card",
      status: "Canceled",
      daysAgo: 7.4,
    },
  ),
  order(
    3,
    "Dockside Fish House",
    [
      ["Pan Fried Monkfish", 1],
      ["Dungeness Crab Salad", 1],
      ["Crème Brûlée", 1],
    ],
    {
      deliveryOption: "priority",
      tipPercent: 30,
      paymentMethod: "wallet",
      status: "Completed",
      daysAgo: 2.1,
    },
  ),

  // Jordan (4)
  order(
    4,
    "Twin Peaks Burgers and Shakes",
    [
      ["Double Burger and Fries", 2],
      ["Sweet Potato Fries", 1],
      ["Strawberry Shake", 2],
    ],
    {
      deliveryOption: "standard",
      tipPercent: 15,
      paymentMethod: "card",
      status: "Completed",
      daysAgo: 35.2,
      review: { review: "Juicy burgers and crisp fries. The shakes were a bit thin this time.", orderRating: 4, restaurantRating: 4 },
    },
  ),
  order(
    4,
    "Dolores Slice House",
    [
      ["Mushroom and Pepper Pan Pizza", 1],
      ["Margherita with Olives", 1],
      ["Caesar Salad", 1],
    ],
    {
      deliveryOption: "standard",
      tipPercent: 20,
      paymentMethod: "card",
      status: "Completed",
      daysAgo: 21.3,
      review: { review: "That crunchy cheese edge on the pan pizza is everything. Arrived piping hot on a Friday night.", orderRating: 5, restaurantRating: 5 },
    },
  ),
  order(
    4,
    "Han River Kitchen",
    [
      ["Bibimbap", 1],
      ["Yangnyeom Chicken", 1],
      ["Strawberry Ade", 1],
    ],
    {
      deliveryOption: "priority",
      tipPercent: 20,
      paymentMethod: "card",
      status: "Completed",
      daysAgo: 14.2,
      review: { review: "Bibimbap was excellent, but the fried chicken had gone soggy by the time it got to Berkeley.", orderRating: 3, restaurantRating: 4 },
    },
  ),
  order(
    4,
    "La Rambla Tapas",
    [
      ["Tortilla Espanola", 1],
      ["Pulpo a la Gallega", 1],
      ["Pollo a la Sidra", 1],
      ["Crema Catalana", 2],
    ],
    {
      deliveryOption: "standard",
      tipPercent: 20,
      paymentMethod: "wallet",
      status: "Completed",
      daysAgo: 6.2,
      review: { review: "Tender octopus and a lovely cider chicken. The crema catalana still had a crackly top when it arrived.", orderRating: 5, restaurantRating: 5 },
    },
  ),
  order(
    4,
    "Hayes Street Kitchen",
    [
      ["Honey Sriracha Chicken Thighs", 1],
      ["Caesar Salad", 1],
      ["Chocolate Lava Cake", 1],
      ["Fresh Lemonade", 1],
    ],
    {
      deliveryOption: "standard",
      tipPercent: 20,
      paymentMethod: "card",
      status: "Submitted",
      daysAgo: 0.03,
    },
  ),

  // Sofia (5)
  order(
    5,
    "Trattoria Nonna Lucia",
    [
      ["Spaghetti Carbonara", 1],
      ["Cacio e Pepe", 1],
      ["Almond Torta", 1],
    ],
    {
      deliveryOption: "standard",
      tipPercent: 20,
      paymentMethod: "card",
      status: "Completed",
      daysAgo: 50.1,
      review: { review: "Carbonara made properly, no cream, crisp guanciale. Tastes just like Rome.", orderRating: 5, restaurantRating: 5 },
    },
  ),
  order(
    5,
    "Fog City Pancake House",
    [
      ["Buttermilk Pancakes", 2],
      ["French Toast", 1],
      ["Hot Tea with Milk", 2],
    ],
    {
      deliveryOption: "priority",
      tipPercent: 15,
      paymentMethod: "card",
      status: "Completed",
      daysAgo: 30.4,
      review: { review: "Fluffy pancakes, though the French toast was a bit soggy after the drive. Friendly driver.", orderRating: 3, restaurantRating: 4 },
    },
  ),
  order(
    5,
    "Cedar and Olive",
    [
      ["Shakshuka", 1],
      ["Slow Cooked Lamb with Lemon", 1],
      ["Hummus and Pita", 1],
    ],
    {
      deliveryOption: "standard",
      tipPercent: 15,
      paymentMethod: "card",
      status: "Completed",
      daysAgo: 18.2,
      review: { review: "The lamb was good, but the shakshuka arrived lukewarm and the pita was missing from the bag.", orderRating: 2, restaurantRating: 3 },
    },
  ),
  order(
    5,
    "Greenhouse Kitchen",
    [
      ["Veggie Pasta Bake", 1],
      ["Watercress Soup", 1],
      ["Victoria Sponge Cake", 1],
    ],
    {
      deliveryOption: "standard",
      tipPercent: 20,
      paymentMethod: "wallet",
      status: "Completed",
      daysAgo: 10.3,
      review: { review: "Comforting pasta bake and a really good watercress soup. Generous portions for the price.", orderRating: 4, restaurantRating: 4 },
    },
  ),
  order(
    5,
    "Little Saigon Noodle Bar",
    [
      ["Pho Tai", 2],
      ["Fresh Limeade", 2],
    ],
    {
      deliveryOption: "standard",
      tipPercent: 15,
      paymentMethod: "wallet",
      status: "Canceled",
      daysAgo: 9.1,
    },
  ),
  order(
    5,
    "Auntie Mae's Soul Kitchen",
    [
      ["Buttermilk Fried Chicken", 1],
      ["Collard Greens", 1],
      ["Creamy Mashed Potatoes", 1],
      ["Apple Pie", 1],
    ],
    {
      deliveryOption: "standard",
      tipPercent: 20,
      paymentMethod: "card",
      status: "Completed",
      daysAgo: 2.3,
    },
  ),

  // Rosa (1), an owner ordering from Marcus's restaurants
  order(
    1,
    "Lemongrass Thai Kitchen",
    [
      ["Green Curry with Chicken", 1],
      ["Khao Pad Fried Rice", 1],
      ["Thai Milk Tea", 1],
    ],
    {
      deliveryOption: "standard",
      tipPercent: 20,
      paymentMethod: "wallet",
      status: "Completed",
      daysAgo: 20.2,
      review: { review: "Green curry with real heat and plenty of basil. Fried rice was a little plain.", orderRating: 4, restaurantRating: 5 },
    },
  ),
  order(
    1,
    "Aegean Taverna",
    [
      ["Lamb Kleftiko", 1],
      ["Octopus with Olive Oil", 1],
      ["Almond Cake", 1],
    ],
    {
      deliveryOption: "priority",
      tipPercent: 25,
      paymentMethod: "card",
      status: "Completed",
      daysAgo: 8.2,
      review: { review: "The kleftiko fell off the bone and the octopus was perfectly tender. Worth the price.", orderRating: 5, restaurantRating: 5 },
    },
  ),
  order(
    1,
    "Golden Lantern Kitchen",
    [
      ["Mapo Tofu", 1],
      ["House Special Fried Rice", 1],
      ["Red Bean Buns", 1],
    ],
    {
      deliveryOption: "standard",
      tipPercent: 15,
      paymentMethod: "card",
      status: "Completed",
      daysAgo: 4.1,
    },
  ),

  // Marcus (2), an owner ordering from Rosa's restaurants
  order(
    2,
    "Osteria Aurelia",
    [
      ["Tuscan Pork Roast", 1],
      ["Rigatoni with Neapolitan Ragu", 1],
      ["Crema Bruciata", 2],
    ],
    {
      deliveryOption: "standard",
      tipPercent: 20,
      paymentMethod: "wallet",
      status: "Completed",
      daysAgo: 16.1,
      review: { review: "A special-occasion dinner that travelled surprisingly well. The ragu is outstanding.", orderRating: 5, restaurantRating: 4 },
    },
  ),
  order(
    2,
    "Sprout and Sage",
    [
      ["Smoky Bean Chili", 1],
      ["Green Lentil Curry", 1],
      ["Vegan Chocolate Brownies", 2],
    ],
    {
      deliveryOption: "standard",
      tipPercent: 15,
      paymentMethod: "card",
      status: "Completed",
      daysAgo: 11.2,
      review: { review: "Hearty chili and a well-spiced lentil curry. I did not miss the meat at all.", orderRating: 4, restaurantRating: 4 },
    },
  ),
  order(
    2,
    "Ocean Beach Poke",
    [
      ["Salmon and Shrimp Poke Bowl", 2],
      ["Fresh Limeade", 2],
    ],
    {
      deliveryOption: "priority",
      tipPercent: 20,
      paymentMethod: "card",
      status: "Completed",
      daysAgo: 1.2,
      review: { review: "Fresh fish, generous bowls and quick delivery.", orderRating: 4, restaurantRating: 4 },
    },
  ),
];

/** Wallet top-ups (one press of the top-up button), in addition to the signup credit. */
export const walletTopups: WalletTopupSeed[] = [{ userId: 3, amountCents: TOPUP_CENTS, daysAgo: 15.5 }];

function like(userId: number, restaurantName: string, itemName: string): LikeSeed {
  const rIndex = restaurantIndex(restaurantName);
  const menuIndex = restaurants[rIndex]!.menu.findIndex((m) => m.name === itemName);
  if (menuIndex < 0) throw new Error(`seed-data: ${restaurantName} has no item named ${itemName}`);
  return { userId, restaurantIndex: rIndex, menuIndex };
}

/** Demo users' liked menu items; MenuItem.likeCount is the number of these per item. */
export const likes: LikeSeed[] = [
  like(3, "Taqueria La Paloma", "Chicken Burrito"),
  like(3, "Masala House", "Butter Chicken"),
  like(3, "Masala House", "Lamb Biryani"),
  like(3, "Kaze Noodle and Sushi", "Chicken Ramen"),
  like(3, "Lucky Penny Diner", "Apple Pie"),
  like(4, "Taqueria La Paloma", "Chicken Burrito"),
  like(4, "Dolores Slice House", "Mushroom and Pepper Pan Pizza"),
  like(4, "Twin Peaks Burgers and Shakes", "Double Burger and Fries"),
  like(4, "La Rambla Tapas", "Pulpo a la Gallega"),
  like(4, "Han River Kitchen", "Bibimbap"),
  like(5, "Trattoria Nonna Lucia", "Spaghetti Carbonara"),
  like(5, "Trattoria Nonna Lucia", "Cacio e Pepe"),
  like(5, "Greenhouse Kitchen", "Watercress Soup"),
  like(5, "Fog City Pancake House", "Buttermilk Pancakes"),
  like(5, "Masala House", "Butter Chicken"),
  like(5, "Taqueria La Paloma", "Chicken Burrito"),
  like(1, "Lemongrass Thai Kitchen", "Green Curry with Chicken"),
  like(1, "Aegean Taverna", "Lamb Kleftiko"),
  like(2, "Osteria Aurelia", "Rigatoni with Neapolitan Ragu"),
  like(2, "Trattoria Nonna Lucia", "Spaghetti Carbonara"),
  like(2, "Sprout and Sage", "Smoky Bean Chili"),
];

/** The e2e tests order from the first demo restaurants at any hour (CI runs at 3 AM too): these are open around the clock. */
export const ALWAYS_OPEN_DEMO_RESTAURANTS = 8;

const clock = (hour: string, minute: string, half: string) => `${String((Number(hour) % 12) + (half === "PM" ? 12 : 0)).padStart(2, "0")}:${minute}`;

/**
 * A demo restaurant's opening hours (lib/shared/time/opening-hours.ts), in America/Los_Angeles: the
 * first ALWAYS_OPEN_DEMO_RESTAURANTS are open around the clock; the others follow their
 * businessHours ("Tue-Sun" ones are closed on Mondays), every third one opening before noon
 * splits lunch (to 14:30) and dinner (from 17:00).
 */
export function demoOpeningHours(index: number, r: Pick<RestaurantSeed, "businessHours">): WeeklyHours {
  if (index < ALWAYS_OPEN_DEMO_RESTAURANTS) return ALL_DAY;
  const m = /^(Mon|Tue)-Sun (\d{1,2}):(\d\d) (AM|PM) - (\d{1,2}):(\d\d) (AM|PM)$/.exec(r.businessHours);
  if (!m) throw new Error(`demo businessHours not understood: ${r.businessHours}`);
  const open = clock(m[2]!, m[3]!, m[4]!);
  const close = clock(m[5]!, m[6]!, m[7]!);
  const intervals =
    index % 3 === 0 && open < "12:00"
      ? [
          { open, close: "14:30" },
          { open: "17:00", close },
        ]
      : [{ open, close }];
  return { ...everyDay(...intervals), ...(m[1] === "Tue" ? { mon: [] } : {}) };
}

/**
 * Demo sales tax rates for the demo cities, written only with NOSH_DEMO_TAX=on
 * (off by default: the spec's totals, subtotal + 6.49 + 10 % + tip, hold for every demo restaurant
 * then). California's base rate for the state, San Francisco's (941xx) and Oakland's (946xx)
 * combined rates by ZIP prefix; fees are not taxed.
 */
export const demoTaxRates = [
  { state: "CA", zipPrefix: "", rateMilliPercent: 7_250, taxesFees: false, effectiveOn: "2025-01-01" },
  { state: "CA", zipPrefix: "941", rateMilliPercent: 8_625, taxesFees: false, effectiveOn: "2025-01-01" },
  { state: "CA", zipPrefix: "946", rateMilliPercent: 10_250, taxesFees: false, effectiveOn: "2025-01-01" },
  { state: "CA", zipPrefix: "947", rateMilliPercent: 10_250, taxesFees: false, effectiveOn: "2025-01-01" },
] as const;
