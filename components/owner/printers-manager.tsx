"use client";
import { useEffect, useState, type FormEvent } from "react";
import { Badge } from "@/components/ui/badge";
import { buttonClass } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { SelectField } from "@/components/ui/select-field";
import { TextField } from "@/components/ui/text-field";
import type { CreatedPrinterJson, PrinterJson, PrinterListJson } from "@/lib/contract/printers/schemas";
import { PRINTER_NAME_MAX, PRINTS, STALE_MINUTES, printerCondition, type Prints } from "@/lib/shared/kitchen/printers";
import { LOCALES, type Locale } from "@/lib/i18n/locale";
import type { Words } from "@/lib/i18n/words";
import { fill } from "@/lib/shared/words/fill";
import { formatShortDateTime } from "@/lib/shared/time/format-date";
import { api } from "@/lib/client/api";
import { ResourceManager, ResourceRow, RowButton, useResourceCalls } from "../team/resource-manager";
import { ResourceList } from "../team/resource-list";
import styles from "../team/team.module.css";

type PrintersManagerWords = { words: Words<"kitchen">["printers"]; status: Words<"kitchen">["printerStatus"] };

const printsWord = (w: PrintersManagerWords["words"], prints: string) => (prints === "kitchen" ? w.printsKitchen : prints === "receipt" ? w.printsReceipt : w.printsBoth);

/**
 * The restaurant's kitchen printers on its settings page (docs/architecture/kitchen.md "Printers that
 * print by themselves"): add one (name, what it prints, protocol, the tickets' language, when a missed
 * ticket is skipped), then its CloudPRNT URL, user name and password shown once with Copy; the
 * printers with their status and last poll, each removed after a confirmation.
 */
export function PrintersManager({
  restaurantId,
  timeZone,
  locale,
  words: w,
  silentMs,
  status: s,
}: { restaurantId: number; timeZone: string; locale: Locale; silentMs: number } & PrintersManagerWords) {
  const [printers, setPrinters] = useState<PrinterJson[] | null>(null);
  // When the list was read: a printer's condition is as of then (silent: unheard for `silentMs` before it).
  const [readAt, setReadAt] = useState(0);
  const [failed, setFailed] = useState(false);
  const [form, setForm] = useState({ name: "", prints: "kitchen" as Prints, language: locale, staleMinutes: String(STALE_MINUTES.default) });
  const [created, setCreated] = useState<CreatedPrinterJson | null>(null);
  const { call, busy, errors, setErrors, status, setStatus } = useResourceCalls();
  const base = `/api/manage/${restaurantId}/printers`;

  useEffect(() => {
    api<PrinterListJson>(base).then(
      (list) => {
        setPrinters(list.printers);
        setReadAt(Date.now());
      },
      () => setFailed(true),
    );
  }, [base]);

  const add = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    setCreated(null);
    const body = { ...form, protocol: "cloudprnt", staleMinutes: Number(form.staleMinutes) };
    const answer = await call("add", () => api<CreatedPrinterJson>(base, { method: "POST", body }));
    if (!answer) return;
    setPrinters((list) => [...(list ?? []), answer.printer]);
    setCreated(answer);
    setForm((f) => ({ ...f, name: "" }));
  };

  const remove = async (printer: PrinterJson) => {
    if (!window.confirm(fill(w.confirmRemove, { name: printer.name }))) return;
    const done = await call(`remove-${printer.id}`, () => api(`${base}/${printer.id}`, { method: "DELETE" }).then(() => true));
    if (!done) return;
    setPrinters((list) => (list ?? []).filter((p) => p.id !== printer.id));
    if (created?.printer.id === printer.id) setCreated(null);
    setStatus(fill(w.removed, { name: printer.name }));
  };

  const set = (field: keyof typeof form) => (event: { target: { value: string } }) => setForm((f) => ({ ...f, [field]: event.target.value }));
  const secret = (label: string, value: string, testId: string) => (
    <p className={styles.meta}>
      {label}:{" "}
      <code className={styles.key} data-testid={testId}>
        {value}
      </code>{" "}
      <CopyButton text={value} label={`${w.copy} ${label}`} />
    </p>
  );

  return (
    <section aria-labelledby="printers-title" data-testid="printers">
      <h2 id="printers-title">{w.title}</h2>
      <p className={styles.meta}>{w.intro}</p>
      {created && (
        <div className={styles.created} role="region" aria-label={fill(w.setUpTitle, { name: created.printer.name })}>
          <p className={styles.name}>{fill(w.setUpTitle, { name: created.printer.name })}</p>
          <p className={styles.meta}>{w.setUpNote}</p>
          {secret(w.url, created.url, "printer-url")}
          {secret(w.login, created.printer.login, "printer-login")}
          {secret(w.password, created.password, "printer-password")}
        </div>
      )}
      <ResourceManager
        formId="printer-add"
        formTitle={w.add}
        form={
          <form onSubmit={add} noValidate>
            <TextField
              label={w.name}
              hint={w.nameHint}
              autoComplete="off"
              maxLength={PRINTER_NAME_MAX}
              value={form.name}
              onChange={set("name")}
              error={errors.name}
              required
            />
            <SelectField label={w.prints} value={form.prints} onChange={set("prints")} error={errors.prints}>
              {PRINTS.map((prints) => (
                <option key={prints} value={prints}>
                  {printsWord(w, prints)}
                </option>
              ))}
            </SelectField>
            <SelectField label={w.protocol} value="cloudprnt" onChange={() => {}} error={errors.protocol}>
              <option value="cloudprnt">{w.cloudprnt}</option>
            </SelectField>
            <SelectField label={w.language} value={form.language} onChange={set("language")} error={errors.language}>
              {LOCALES.map((language) => (
                <option key={language} value={language}>
                  {w.languages[language]}
                </option>
              ))}
            </SelectField>
            <TextField
              label={w.staleMinutes}
              hint={w.staleHint}
              inputMode="numeric"
              value={form.staleMinutes}
              onChange={set("staleMinutes")}
              error={errors.staleMinutes}
            />
            <button type="submit" className={`${buttonClass()} ${styles.submit}`} disabled={busy === "add"}>
              {w.addButton}
            </button>
          </form>
        }
        listId="printer-list"
        listTitle={w.list}
        status={status}
      >
        <ResourceList
          items={printers}
          waiting={failed ? w.failed : w.loading}
          empty={{ icon: "info", title: w.empty, text: w.emptyText }}
          row={(p) => (
            <ResourceRow
              key={p.id}
              name={p.name}
              details={
                <>
                  <span className={styles.meta}>
                    {fill(w.details, { prints: printsWord(w, p.prints), language: w.languages[p.language as Locale] ?? p.language, minutes: p.staleMinutes })}
                  </span>
                  <span className={styles.badges}>
                    <Badge tone={p.lastSeenAt ? "info" : "neutral"}>{s[printerCondition(p, readAt, silentMs)]}</Badge>
                    {p.lastSeenAt && <span className={styles.meta}>{fill(s.lastSeen, { time: formatShortDateTime(p.lastSeenAt, timeZone, locale) })}</span>}
                  </span>
                </>
              }
              actions={
                <RowButton label={w.remove} on={fill(w.removeThe, { name: p.name })} variant="ghost" onClick={() => remove(p)} disabled={busy === `remove-${p.id}`} />
              }
            />
          )}
        />
      </ResourceManager>
    </section>
  );
}
