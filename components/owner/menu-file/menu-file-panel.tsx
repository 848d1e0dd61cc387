"use client";
import { useId, useRef, useState } from "react";
import { useRouter } from "next/navigation";
import { buttonClass } from "@/components/ui/button";
import { useApiAction } from "@/lib/client/use-api-action";
import { uploadForm } from "@/lib/client/upload";
import type { MenuImportResult } from "@/lib/contract/menu/file-schemas";
import { MENU_FILE_MAX_ROWS } from "@/lib/shared/menu/menu-file";
import type { Words } from "@/lib/i18n/words";
import { fill } from "@/lib/shared/words/fill";
import styles from "./menu-file.module.css";

type Stage =
  | { state: "idle" }
  | { state: "busy"; action: "preview" | "apply" }
  | { state: "previewed"; file: File; result: MenuImportResult }
  | { state: "applied"; result: MenuImportResult }
  | { state: "failed"; error: string };

type FileWords = Words<"menus">["file"];
/** "1 dish", "3 dishes": the two keys of a count (no plurals in the browser). */
const plural = (count: number, one: string, many: string) => fill(count === 1 ? one : many, { count });
const names = (list: { row: number; name: string }[], w: FileWords) => list.map((dish) => fill(w.row, { name: dish.name, row: dish.row })).join(", ");

/**
 * The owner's menu file (docs/architecture/menu-file.md): Export CSV or JSON; Import: choose a
 * file, Preview (a dry run listing every row's errors by row and column), then Apply (the rows
 * without errors in one transaction; the others skipped and listed). The page shows the new menu once applied.
 */
export function MenuFilePanel({ restaurantId, words: w }: { restaurantId: number; words: FileWords }) {
  const router = useRouter();
  const [stage, setStage] = useState<Stage>({ state: "idle" });
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const base = `/api/manage/${restaurantId}`;
  const upload = useApiAction(
    (action: "preview" | "apply", file: File, form: FormData) =>
      uploadForm<MenuImportResult>("POST", action === "preview" ? `${base}/menu-import/preview` : `${base}/menu-import`, form, () => {}).then((result) => ({
        action,
        file,
        result,
      })),
    {
      onSuccess: ({ action, file, result }) => {
        if (action === "preview") return setStage({ state: "previewed", file, result });
        setStage({ state: "applied", result });
        if (input.current) input.current.value = "";
        router.refresh();
      },
      onError: (failure) => setStage({ state: "failed", error: failure.message }),
    },
  );

  async function send(action: "preview" | "apply", file: File) {
    setStage({ state: "busy", action });
    const form = new FormData();
    form.set("file", file);
    await upload.run(action, file, form);
  }

  function preview() {
    const file = input.current?.files?.[0];
    if (!file) return setStage({ state: "failed", error: w.chooseFirst });
    void send("preview", file);
  }

  const result = stage.state === "previewed" || stage.state === "applied" ? stage.result : null;
  return (
    <section className={styles.panel} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.heading}>
        {w.title}
      </h2>
      <div className={styles.row}>
        <a className={buttonClass({ variant: "secondary" })} href={`${base}/menu.csv`} download>
          {w.exportCsv}
        </a>
        <a className={buttonClass({ variant: "secondary" })} href={`${base}/menu.json`} download>
          {w.exportJson}
        </a>
      </div>
      <div className={styles.row}>
        <label htmlFor={`${id}-file`} className={styles.label}>
          {fill(w.label, { max: MENU_FILE_MAX_ROWS })}
        </label>
        <input
          ref={input}
          id={`${id}-file`}
          className={styles.file}
          type="file"
          accept=".csv,.json,text/csv,application/json"
          onChange={() => setStage({ state: "idle" })}
        />
        <button type="button" className={buttonClass({ variant: "secondary" })} onClick={preview} disabled={stage.state === "busy"}>
          {stage.state === "busy" && stage.action === "preview" ? w.checking : w.preview}
        </button>
      </div>
      <div role="status" aria-live="polite" className={styles.status}>
        {stage.state === "failed" && <p className={styles.error}>{stage.error}</p>}
        {result && (
          <p>
            {/* Applied: the dishes written, not the file's rows (those with errors were skipped). */}
            {fill(stage.state === "applied" ? w.imported : w.has, {
              dishes: plural(stage.state === "applied" ? result.created.length + result.updated.length : result.rows, w.dishOne, w.dishMany),
              created: result.created.length,
              updated: result.updated.length,
            })}
            {result.sectionsCreated.length ? fill(result.sectionsCreated.length === 1 ? w.newSection : w.newSections, { names: result.sectionsCreated.join(", ") }) : ""}.{" "}
            {result.errors.length && stage.state === "previewed" ? fill(w.fixThem, { errors: plural(result.errors.length, w.errorOne, w.errorMany) }) : ""}
            {result.errors.length && stage.state === "applied" ? fill(w.skipped, { rows: plural(result.errors.length, w.rowOne, w.rowMany) }) : ""}
            {stage.state === "previewed" ? w.nothingYet : ""}
          </p>
        )}
        {result && result.needsPhoto.length > 0 && <p className={styles.hint}>{fill(w.photos, { names: names(result.needsPhoto, w) })}</p>}
      </div>
      {result && result.errors.length > 0 && (
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
      )}
      {stage.state === "previewed" && stage.result.created.length + stage.result.updated.length > 0 && (
        <div className={styles.row}>
          <button type="button" className={buttonClass()} onClick={() => void send("apply", stage.file)}>
            {stage.result.errors.length
              ? fill(w.applySkipping, { rows: plural(new Set(stage.result.errors.map((error) => error.row)).size, w.rowOne, w.rowMany) })
              : w.apply}
          </button>
        </div>
      )}
      {stage.state === "busy" && stage.action === "apply" && <p className={styles.hint}>{w.importing}</p>}
    </section>
  );
}
