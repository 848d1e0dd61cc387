// Demo photos an owner may pick for a restaurant or a dish instead of typing an image URL.
// Only photos with all three sizes (card, -sm thumbnail, -lg hero) are offered, because the
// restaurant page shows a store image as a hero. Dish names come from lib/shared/demo/photo-credits.ts.

export type DemoPhoto = { file: string; dish: string };

export const DEMO_PHOTOS: readonly DemoPhoto[] = [
  { file: "/images/food/american-honey-sriracha-chicken.webp", dish: "Honey sriracha chicken thighs" },
  { file: "/images/food/american-meatloaf.webp", dish: "Meatloaf" },
  { file: "/images/food/beverage-banana-milkshake.webp", dish: "Banana milkshake" },
  { file: "/images/food/breakfast-croque-monsieur.webp", dish: "Croque-monsieur" },
  { file: "/images/food/breakfast-pancakes.webp", dish: "Pancakes" },
  { file: "/images/food/chinese-fried-rice-arroz-chaufa.webp", dish: "Arroz chaufa (Chinese-Peruvian fried rice)" },
  { file: "/images/food/indian-butter-chicken.webp", dish: "Butter chicken masala" },
  { file: "/images/food/italian-penne-arrabbiata.webp", dish: "Penne all'arrabbiata" },
  { file: "/images/food/italian-ragu-napoletano.webp", dish: "Ragu napoletano with rigatoni" },
  { file: "/images/food/italian-spaghetti-carbonara.webp", dish: "Spaghetti carbonara" },
  { file: "/images/food/japanese-teriyaki-beef-noodles.webp", dish: "Teriyaki beef wok with noodles" },
  { file: "/images/food/korean-pork-stir-fry-pot.webp", dish: "Pork and cabbage stir-fry in a hot pot" },
  { file: "/images/food/mediterranean-shakshuka-2.webp", dish: "Shakshuka" },
  { file: "/images/food/mediterranean-stuffed-tomatoes.webp", dish: "Tomates farcies (stuffed tomatoes)" },
  { file: "/images/food/mexican-guacamole.webp", dish: "Guacamole with tortilla chips" },
  { file: "/images/food/pizza-pan-pizza-mushroom-pepper.webp", dish: "Pan pizza with mushrooms and peppers" },
  { file: "/images/food/pizza-wholemeal-arugula.webp", dish: "Wholemeal pizza with arugula" },
  { file: "/images/food/seafood-ceviche.webp", dish: "Ceviche" },
  { file: "/images/food/seafood-poke-salad-bowl.webp", dish: "Fresh salad bowl with shrimp and salmon" },
  { file: "/images/food/soul-food-collard-greens.webp", dish: "Collard greens (with smoked duck and parsnips)" },
  { file: "/images/food/spanish-apple-chicken.webp", dish: "Apple chicken" },
  { file: "/images/food/thai-green-curry.webp", dish: "Thai green curry" },
  { file: "/images/food/vegetarian-fennel-bean-kale-soup.webp", dish: "Fennel, white bean and kale soup" },
  { file: "/images/food/vegetarian-veggie-pasta-bake-wide.webp", dish: "Veggie pasta bake" },
  { file: "/images/food/vietnamese-pho.webp", dish: "Pho (beef noodle soup)" },
];
