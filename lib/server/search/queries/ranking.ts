import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import type { SearchQuery } from "@/lib/contract/search/rules";
import { nameRank } from "../../platform/queries/match";

// How a search's results are ordered: each sort of the query, best match by default.

const RATING = Prisma.sql`CASE WHEN r."numReviews" = 0 THEN 0 ELSE r."ratingSum" * 1.0 / r."numReviews" END`;
const PRICE_RANK = Prisma.sql`CASE r."priceLevel" WHEN 'INEXPENSIVE' THEN 1 WHEN 'MODERATE' THEN 2 WHEN 'EXPENSIVE' THEN 3 ELSE 4 END`;

/**
 * The order of a sort. Best match: names above descriptions, restaurants taking orders above
 * those that are not, then rating. The other sorts keep restaurants taking orders first too.
 */
export function resultOrder(query: SearchQuery, words: string[], target: "restaurant" | "dish"): Prisma.Sql {
  const rank = nameRank(target, words);
  const tail = target === "dish" ? Prisma.sql`m."name" ASC, m."id" ASC` : Prisma.sql`r."name" ASC, r."id" ASC`;
  switch (query.sort) {
    case "rating":
      return Prisma.sql`r."servicing" DESC, ${RATING} DESC, r."numReviews" DESC, ${rank} ${tail}`;
    case "delivery_time":
      return Prisma.sql`r."servicing" DESC, r."deliveryTime" ASC, ${rank} ${RATING} DESC, ${tail}`;
    case "price":
      return target === "dish"
        ? Prisma.sql`r."servicing" DESC, m."priceCents" ASC, ${rank} ${tail}`
        : Prisma.sql`r."servicing" DESC, ${PRICE_RANK} ASC, ${rank} ${RATING} DESC, ${tail}`;
    default:
      return Prisma.sql`${rank} r."servicing" DESC, ${RATING} DESC, ${tail}`;
  }
}
