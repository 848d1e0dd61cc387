"use client";
import { useId, useRef, useState } from "react";
import { useRouter } from "next/navigation";
import { buttonClass } from "@/components/ui/button";
import { useApiAction } from "@/lib/client/use-api-action";
import { uploadForm } from "@/lib/client/upload";
import type { MenuImportResult } from "@/lib/contract/menu/file-schemas";
import { MENU_FILE_MAX_ROWS } from "@/lib/shared/menu/menu-file";
import { fill } from "@/lib/shared/words/fill";
import { applyLabel, ImportErrors, ImportSummary, type FileWords } from "./import-result";
import styles from "./menu-file.module.css";

type Stage =
  | { state: "idle" }
  | { state: "busy"; action: "preview" | "apply" }
  | { state: "previewed"; file: File; result: MenuImportResult }
  | { state: "applied"; result: MenuImportResult }
  | { state: "failed"; error: string };

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
        {result && <ImportSummary result={result} applied={stage.state === "applied"} words={w} />}
      </div>
      {result && <ImportErrors result={result} words={w} />}
      {stage.state === "previewed" && stage.result.created.length + stage.result.updated.length > 0 && (
        <div className={styles.row}>
          <button type="button" className={buttonClass()} onClick={() => void send("apply", stage.file)}>
            {applyLabel(stage.result, w)}
          </button>
        </div>
      )}
      {stage.state === "busy" && stage.action === "apply" && <p className={styles.hint}>{w.importing}</p>}
    </section>
  );
}
