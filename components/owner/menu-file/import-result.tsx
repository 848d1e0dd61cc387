import type { MenuImportResult } from "@/lib/contract/menu/file-schemas";
import type { Words } from "@/lib/i18n/words";
import { fill } from "@/lib/shared/words/fill";
import styles from "./menu-file.module.css";

// A menu import's preview or outcome (docs/architecture/menu-file.md), as the menu file's panel and
// the point of sale's import show it: what it creates and updates, the sections it adds, the photos
// to upload, and every row's problems in a table.

export type FileWords = Words<"menus">["file"];
/** "1 dish", "3 dishes": the two keys of a count (no plurals in the browser). */
const plural = (count: number, one: string, many: string) => fill(count === 1 ? one : many, { count });
const names = (list: { row: number; name: string }[], w: FileWords) => list.map((dish) => fill(w.row, { name: dish.name, row: dish.row })).join(", ");

/** The sentence under the buttons: the preview's "has ... nothing is written yet", or the applied "imported ...". */
export function ImportSummary({ result, applied, words: w }: { result: MenuImportResult; applied: boolean; words: FileWords }) {
  return (
    <>
      <p>
        {/* Applied: the dishes written, not the file's rows (those with errors were skipped). */}
        {fill(applied ? w.imported : w.has, {
          dishes: plural(applied ? result.created.length + result.updated.length : result.rows, w.dishOne, w.dishMany),
          created: result.created.length,
          updated: result.updated.length,
        })}
        {result.sectionsCreated.length ? fill(result.sectionsCreated.length === 1 ? w.newSection : w.newSections, { names: result.sectionsCreated.join(", ") }) : ""}.{" "}
        {result.errors.length && !applied ? fill(w.fixThem, { errors: plural(result.errors.length, w.errorOne, w.errorMany) }) : ""}
        {result.errors.length && applied ? fill(w.skipped, { rows: plural(result.errors.length, w.rowOne, w.rowMany) }) : ""}
        {applied ? "" : w.nothingYet}
      </p>
      {result.needsPhoto.length > 0 && <p className={styles.hint}>{fill(w.photos, { names: names(result.needsPhoto, w) })}</p>}
    </>
  );
}

/** Every row's problems, by row and column. */
export function ImportErrors({ result, words: w }: { result: MenuImportResult; words: FileWords }) {
  if (!result.errors.length) return null;
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <caption>{w.caption}</caption>
        <thead>
          <tr>
            <th scope="col">{w.rowHead}</th>
            <th scope="col">{w.column}</th>
            <th scope="col">{w.problem}</th>
          </tr>
        </thead>
        <tbody>
          {result.errors.map((error) => (
            <tr key={`${error.row}-${error.column}`}>
              <td>{error.row}</td>
              <td>{error.column}</td>
              <td>{error.message}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The apply button's words: "Import", or "Import, skipping 2 rows". */
export const applyLabel = (result: MenuImportResult, w: FileWords) =>
  result.errors.length ? fill(w.applySkipping, { rows: plural(new Set(result.errors.map((error) => error.row)).size, w.rowOne, w.rowMany) }) : w.apply;
