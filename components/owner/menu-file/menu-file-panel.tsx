"use client";
import { useId, useRef, useState } from "react";
import { useRouter } from "next/navigation";
import { buttonClass } from "@/components/ui/button";
import { ApiClientError, SERVER_FAILURE } from "@/lib/client/api";
import { uploadForm } from "@/lib/client/upload";
import type { MenuImportResult } from "@/lib/contract/menu-file-schemas";
import { MENU_FILE_MAX_ROWS } from "@/lib/shared/menu-file";
import styles from "./menu-file.module.css";

type Stage =
  | { state: "idle" }
  | { state: "busy"; action: "preview" | "apply" }
  | { state: "previewed"; file: File; result: MenuImportResult }
  | { state: "applied"; result: MenuImportResult }
  | { state: "failed"; error: string };

const plural = (count: number, word: string, many = `${word}s`) => `${count} ${count === 1 ? word : many}`;
const names = (list: { row: number; name: string }[]) => list.map((dish) => `${dish.name} (row ${dish.row})`).join(", ");

/**
 * The owner's menu file (docs/architecture/menu-file.md): Export CSV or JSON; Import: choose a
 * file, Preview (a dry run listing every row's errors by row and column), then Apply (the rows
 * without errors in one transaction; the others skipped and listed). The page shows the new menu once applied.
 */
export function MenuFilePanel({ restaurantId }: { restaurantId: number }) {
  const router = useRouter();
  const [stage, setStage] = useState<Stage>({ state: "idle" });
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const base = `/api/manage/${restaurantId}`;

  async function send(action: "preview" | "apply", file: File) {
    setStage({ state: "busy", action });
    const form = new FormData();
    form.set("file", file);
    try {
      const result = await uploadForm<MenuImportResult>("POST", action === "preview" ? `${base}/menu-import/preview` : `${base}/menu-import`, form, () => {});
      if (action === "preview") setStage({ state: "previewed", file, result });
      else {
        setStage({ state: "applied", result });
        if (input.current) input.current.value = "";
        router.refresh();
      }
    } catch (error) {
      setStage({ state: "failed", error: error instanceof ApiClientError ? error.message : SERVER_FAILURE });
    }
  }

  function preview() {
    const file = input.current?.files?.[0];
    if (!file) return setStage({ state: "failed", error: "Choose a CSV or JSON file first" });
    void send("preview", file);
  }

  const result = stage.state === "previewed" || stage.state === "applied" ? stage.result : null;
  return (
    <section className={styles.panel} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.heading}>
        Import and export
      </h2>
      <div className={styles.row}>
        <a className={buttonClass({ variant: "secondary" })} href={`${base}/menu.csv`} download>
          Export CSV
        </a>
        <a className={buttonClass({ variant: "secondary" })} href={`${base}/menu.json`} download>
          Export JSON
        </a>
      </div>
      <div className={styles.row}>
        <label htmlFor={`${id}-file`} className={styles.label}>
          Menu file (CSV or JSON, up to {MENU_FILE_MAX_ROWS} dishes)
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
          {stage.state === "busy" && stage.action === "preview" ? "Checking..." : "Preview import"}
        </button>
      </div>
      <div role="status" aria-live="polite" className={styles.status}>
        {stage.state === "failed" && <p className={styles.error}>{stage.error}</p>}
        {result && (
          <p>
            {/* Applied: the dishes written, not the file's rows (those with errors were skipped). */}
            {stage.state === "applied" ? "Imported " : "The file has "}
            {plural(stage.state === "applied" ? result.created.length + result.updated.length : result.rows, "dish", "dishes")}: {result.created.length} new,{" "}
            {result.updated.length} updated
            {result.sectionsCreated.length ? `; new ${result.sectionsCreated.length === 1 ? "section" : "sections"}: ${result.sectionsCreated.join(", ")}` : ""}.{" "}
            {result.errors.length && stage.state === "previewed"
              ? `${plural(result.errors.length, "error")}: fix them in the file and preview again, or apply to import the other rows.`
              : ""}
            {result.errors.length && stage.state === "applied" ? `${plural(result.errors.length, "row")} with errors skipped: listed below.` : ""}
            {stage.state === "previewed" ? " Nothing is written until you apply." : ""}
          </p>
        )}
        {result && result.needsPhoto.length > 0 && (
          <p className={styles.hint}>Photos to upload (the file links them; links are not fetched): {names(result.needsPhoto)}.</p>
        )}
      </div>
      {result && result.errors.length > 0 && (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <caption>Errors in the file, by row and column</caption>
            <thead>
              <tr>
                <th scope="col">Row</th>
                <th scope="col">Column</th>
                <th scope="col">Problem</th>
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
              ? `Apply import, skipping ${plural(new Set(stage.result.errors.map((error) => error.row)).size, "row")} with errors`
              : "Apply import"}
          </button>
        </div>
      )}
      {stage.state === "busy" && stage.action === "apply" && <p className={styles.hint}>Importing...</p>}
    </section>
  );
}
