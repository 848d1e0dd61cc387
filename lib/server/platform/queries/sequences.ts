import "server-only";
import { providerOf, type Db } from "../create-db";

/**
 * After rows were inserted with explicit ids (the seed does), moves every PostgreSQL id
 * sequence past the largest id so the next insert does not collide. SQLite's AUTOINCREMENT
 * needs nothing: it continues from the largest id by itself.
 */
export async function syncIdSequences(db: Db): Promise<void> {
  if (providerOf(db) !== "postgresql") return;
  await db.$executeRawUnsafe(`DO $$ DECLARE r record; BEGIN
    FOR r IN SELECT table_name, column_name FROM information_schema.columns
             WHERE table_schema = current_schema() AND column_default LIKE 'nextval(%' LOOP
      EXECUTE format('SELECT setval(pg_get_serial_sequence(%L, %L), COALESCE(MAX(%I), 0) + 1, false) FROM %I',
                     quote_ident(r.table_name), r.column_name, r.column_name, r.table_name);
    END LOOP;
  END $$`);
}
