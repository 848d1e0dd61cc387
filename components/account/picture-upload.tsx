"use client";
import { useEffect, useId, useState, type ChangeEvent, type ReactNode } from "react";
import { useSession } from "@/components/providers/session-provider";
import { useApiAction } from "@/lib/client/use-api-action";
import type { UserJson } from "@/lib/server/accounts/users";
import { Avatar } from "./avatar";
import { PICTURE_TYPES } from "@/lib/contract/common/picture-rules";
import { pictureError, uploadPicture } from "./upload-picture";
import type { RuleWords } from "@/lib/contract/zod-free/form-values";
import type { Words } from "@/lib/i18n/words";
import picker from "@/components/ui/file-picker.module.css";
import styles from "./picture-upload.module.css";

type Upload = { state: "idle" } | { state: "uploading"; preview: string; percent: number } | { state: "done" } | { state: "failed"; error: string };

/**
 * The profile picture (`children` sit under it, e.g. the name) with its upload control: a local preview at once, a progress bar while
 * the file goes up, the browser's and the server's errors beside the control.
 */
export function PictureUpload({
  user,
  words: w,
  rules,
  children,
}: {
  user: UserJson;
  words: Words<"profile">["account"]["picture"];
  /** The early checks' messages in the page's language (lib/server/web/form-rules.ts "picture"). */
  rules?: RuleWords;
  children?: ReactNode;
}) {
  const { setUser } = useSession();
  const [upload, setUpload] = useState<Upload>({ state: "idle" });
  const id = useId();
  const preview = upload.state === "uploading" ? upload.preview : undefined;
  const sending = useApiAction(
    (file: File) => uploadPicture(user.id, file, (percent) => setUpload((current) => (current.state === "uploading" ? { ...current, percent } : current))),
    {
      onSuccess: (updated) => {
        setUser(updated);
        setUpload({ state: "done" });
      },
      onError: (failure) => setUpload({ state: "failed", error: failure.errors.picture ?? failure.message }),
    },
  );

  // A blob: URL holds the file in memory until it is revoked.
  useEffect(() => {
    if (!preview) return;
    return () => URL.revokeObjectURL(preview);
  }, [preview]);

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    // Cleared so that choosing the same file again still fires a change.
    input.value = "";
    if (!file || upload.state === "uploading") return;
    const error = pictureError(file);
    if (error) {
      // inWord's rule written out: importing form-values.ts put it in /account's first load.
      setUpload({ state: "failed", error: rules?.[error] || error });
      return;
    }
    setUpload({ state: "uploading", preview: URL.createObjectURL(file), percent: 0 });
    await sending.run(file);
  }

  const busy = upload.state === "uploading";
  const describedBy = `${id}-hint${upload.state === "failed" ? ` ${id}-error` : ""}`;
  return (
    <div className={styles.upload}>
      <div className={styles.frame} aria-busy={busy}>
        <Avatar user={user} size={128} previewSrc={preview} alt={user.profileImage || preview ? w.alt : ""} />
        {busy && <span className={styles.veil} aria-hidden="true" />}
      </div>
      {children}
      <div className={styles.controls}>
        <input
          id={id}
          type="file"
          accept={PICTURE_TYPES.join(",")}
          className={`${picker.input} ${styles.input}`}
          onChange={choose}
          disabled={busy}
          aria-describedby={describedBy}
          aria-invalid={upload.state === "failed" ? true : undefined}
        />
        <label htmlFor={id} className={`${picker.button} ${styles.button}`}>
          {user.profileImage ? w.change : w.add}
        </label>
        <p id={`${id}-hint`} className={picker.hint}>
          {w.hint}
        </p>
        {busy && (
          <div className={`${picker.progress} ${styles.progress}`}>
            <progress max={100} value={upload.percent} aria-label={w.uploading} />
            <span aria-hidden="true">{upload.percent}%</span>
          </div>
        )}
        <p role="status" className={styles.status}>
          {upload.state === "done" ? w.updated : busy ? w.uploadingNow : ""}
        </p>
        {upload.state === "failed" && (
          <p id={`${id}-error`} role="alert" className={styles.error}>
            {upload.error}
          </p>
        )}
      </div>
    </div>
  );
}
