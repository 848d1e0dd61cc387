// Photos the UI shell uses (files under public/images/food; credits on /credits).
// Card images are 640x480, heroes (-lg) 1280x560, thumbnails (-sm) 160x160.
const dir = "/images/food";

export const SHELL_PHOTOS = {
  hero: `${dir}/vegetarian-veggie-pasta-bake-wide-lg.webp`,
  login: `${dir}/pizza-mozzarella-olive-basil.webp`,
  signup: `${dir}/korean-bibimbap.webp`,
  featureLocal: `${dir}/seafood-poke-salad-bowl.webp`,
  featureFast: `${dir}/korean-spicy-fried-chicken.webp`,
  featureOwner: `${dir}/pizza-wholemeal-arugula.webp`,
} as const;
