import "server-only";
import type { OfferNames } from "@/lib/shared/money/offers";
import type { PromotionInput } from "@/lib/contract/promotions/rules";
import { PROMOTION_FORM_SAID } from "@/lib/contract/promotions/rules";
import { db } from "../platform/db";
import { badRequest } from "../platform/errors";

// What an offer is on (docs/architecture/promotions.md "Offers"): its dish or menu section, which
// must be the restaurant's own (another restaurant's dish is a 400 beside `dishId`, nothing
// written), and the names its label says ("Buy 1 Margherita, get 1 free").

/** The input's dish and section checked against the restaurant's menu; their names for the label. */
export async function offerTargets(restaurantId: number, input: Pick<PromotionInput, "dishId" | "sectionId">): Promise<OfferNames> {
  const names: OfferNames = {};
  if (input.dishId !== null) {
    const dish = await db.menuItem.findFirst({ where: { id: input.dishId, restaurantId }, select: { name: true } });
    if (!dish) throw badRequest(PROMOTION_FORM_SAID.dish, { dishId: PROMOTION_FORM_SAID.dish });
    names.dishName = dish.name;
  }
  if (input.sectionId !== null) {
    const section = await db.menuSection.findFirst({ where: { id: input.sectionId, restaurantId }, select: { name: true } });
    if (!section) throw badRequest(PROMOTION_FORM_SAID.section, { sectionId: PROMOTION_FORM_SAID.section });
    names.sectionName = section.name;
  }
  return names;
}

/** Each promotion with the names of its dish and section (one read each for a page of them). */
export async function withOfferNames<P extends { dishId: number | null; sectionId: number | null }>(promotions: P[]): Promise<(P & OfferNames)[]> {
  const dishIds = [...new Set(promotions.flatMap((p) => (p.dishId === null ? [] : [p.dishId])))];
  const sectionIds = [...new Set(promotions.flatMap((p) => (p.sectionId === null ? [] : [p.sectionId])))];
  const [dishes, sections] = await Promise.all([
    dishIds.length ? db.menuItem.findMany({ where: { id: { in: dishIds } }, select: { id: true, name: true } }) : [],
    sectionIds.length ? db.menuSection.findMany({ where: { id: { in: sectionIds } }, select: { id: true, name: true } }) : [],
  ]);
  const dish = new Map(dishes.map((d) => [d.id, d.name]));
  const section = new Map(sections.map((s) => [s.id, s.name]));
  return promotions.map((p) => ({
    ...p,
    dishName: p.dishId === null ? null : (dish.get(p.dishId) ?? null),
    sectionName: p.sectionId === null ? null : (section.get(p.sectionId) ?? null),
  }));
}

/** The restaurant's dishes and sections by name: what the promotions form offers an offer on. */
export async function offerMenu(restaurantId: number): Promise<{ dishes: { id: number; name: string }[]; sections: { id: number; name: string }[] }> {
  const [dishes, sections] = await Promise.all([
    db.menuItem.findMany({ where: { restaurantId }, select: { id: true, name: true }, orderBy: { name: "asc" } }),
    db.menuSection.findMany({ where: { restaurantId }, select: { id: true, name: true }, orderBy: { position: "asc" } }),
  ]);
  return { dishes, sections };
}
