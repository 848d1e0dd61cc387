import { describe, expect, it } from "vitest";
import { jsonLdText, menuItemData, photoUrl, restaurantData, type DishFacts, type RestaurantFacts } from "./structured-data";
import { robotsDisallows, robotsText } from "./robots";

const origin = "https://nosh.example";
const restaurant: RestaurantFacts = {
  id: 7,
  name: "Lantern",
  description: "Noodles",
  address: "1 Main St",
  city: "Oakland",
  state: "CA",
  zip: "94601",
  cuisineType: "Chinese",
  priceLevel: "MODERATE",
  storeImage: "/images/food/pho-lg.webp",
  lat: 37.8,
  lng: -122.2,
  rating: 4.5,
  numReviews: 12,
};
const dish = (id: number, sectionId: number | null, over: Partial<DishFacts> = {}): DishFacts => ({
  id,
  name: `Dish ${id}`,
  description: "Good",
  price: 12.5,
  food_image: "/images/food/pho.webp",
  sectionId,
  ...over,
});

describe("schema.org data", () => {
  it("a restaurant: address, rating, and its menu by section with the unsectioned dishes on the menu", () => {
    const data = restaurantData(
      origin,
      restaurant,
      [dish(1, 3), dish(2, null), dish(4, 3)],
      [
        { id: 3, name: "Bowls", menuItemIds: [4, 1] },
        { id: 5, name: "Empty", menuItemIds: [] },
      ],
    );
    expect(data).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Restaurant",
      url: "https://nosh.example/restaurants/7",
      image: "https://nosh.example/images/food/pho.webp",
      address: { "@type": "PostalAddress", addressLocality: "Oakland", postalCode: "94601" },
      priceRange: "$$",
      aggregateRating: { "@type": "AggregateRating", ratingValue: 4.5, reviewCount: 12, bestRating: 5 },
      hasMenu: {
        "@type": "Menu",
        hasMenuSection: [{ "@type": "MenuSection", name: "Bowls", hasMenuItem: [{ name: "Dish 4" }, { name: "Dish 1" }] }],
        hasMenuItem: [{ "@type": "MenuItem", name: "Dish 2", offers: { "@type": "Offer", price: "12.50", priceCurrency: "USD" } }],
      },
    });
  });

  it("no rating before the first review, and no image for a photo that is not ours", () => {
    const data = restaurantData(origin, { ...restaurant, rating: null, numReviews: 0, storeImage: "https://elsewhere.example/x.jpg" }, [], []);
    expect(data).not.toHaveProperty("aggregateRating");
    expect(data).not.toHaveProperty("image");
    expect(photoUrl(origin, "javascript:alert(1)")).toBeUndefined();
  });

  it("a dish page's MenuItem names its restaurant as the seller and its diets", () => {
    const data = menuItemData(origin, dish(9, null, { dietLabels: ["vegan", "spicy"] }), { id: 7, name: "Lantern" });
    expect(data).toMatchObject({
      "@context": "https://schema.org",
      "@type": "MenuItem",
      url: "https://nosh.example/menu-items/9",
      suitableForDiet: ["https://schema.org/VeganDiet"],
      offers: { offeredBy: { "@type": "Restaurant", "@id": "https://nosh.example/restaurants/7" } },
    });
  });

  it("escapes what could end the script element, and parses back to the same data", () => {
    const data = menuItemData(origin, dish(1, null, { name: "</script><script>alert(1)</script> & co" }), { id: 7, name: "<b>" });
    const text = jsonLdText(data);
    expect(text).not.toMatch(/[<>]/);
    expect(JSON.parse(text)).toEqual(data);
  });
});

describe("robots.txt", () => {
  it("keeps crawlers out of private areas and lets them read the catalog", () => {
    for (const path of [
      "/api/restaurants",
      "/account",
      "/admin/users",
      "/courier",
      "/checkout",
      "/restaurants/manage",
      "/restaurants/new",
      "/restaurants/4/menu",
      "/menu-items",
      "/menu-items/4/update",
      "/orders/3",
      "/reviews",
    ])
      expect(robotsDisallows(path), path).toBe(true);
    for (const path of ["/", "/home", "/restaurants/4", "/menu-items/4", "/reviews/restaurant/4", "/help", "/legal/terms"])
      expect(robotsDisallows(path), path).toBe(false);
    expect(robotsText("https://nosh.example/sitemap.xml")).toMatch(/^User-agent: \*\n[\s\S]*Disallow: \/api\/\n[\s\S]*\nSitemap: https:\/\/nosh.example\/sitemap.xml\n$/);
  });
});
