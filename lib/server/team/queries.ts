import "server-only";
import { row, rowOf } from "../platform/row";
import { readSql } from "../platform/sql";

// Who acts on a restaurant, in plain SQL read straight on the connection (readSql: the owner's
// order lists and every restaurantManager / restaurantStaff route ask), each row shape with its
// decoder.

/** Whether `ownerId` owns the restaurant `id` (owned.ts's check alone). */
export async function ownsRestaurant(id: number, ownerId: number): Promise<boolean> {
  const sql = await readSql();
  const rows = await sql.all(`SELECT "id" FROM "Restaurant" WHERE "id" = ? AND "ownerId" = ?`, [id, ownerId]);
  return rows.length > 0;
}

const roleRow = rowOf({ ownerId: row.int, role: row.textOrNull });

/** The restaurant's owner and the user's team role there (null: not on its team), or undefined: no such restaurant. */
export async function ownerAndRole(userId: number, restaurantId: number) {
  const sql = await readSql();
  const [found] = await sql.all(
    `SELECT r."ownerId" AS "ownerId", m."role" AS "role" FROM "Restaurant" r
       LEFT JOIN "RestaurantMember" m ON m."restaurantId" = r."id" AND m."userId" = ?
      WHERE r."id" = ?`,
    [userId, restaurantId],
  );
  return found === undefined ? undefined : roleRow(found);
}
