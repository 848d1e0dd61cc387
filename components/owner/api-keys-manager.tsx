"use client";
import { useState, type FormEvent } from "react";
import { Badge } from "@/components/ui/badge";
import { buttonClass } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { EmptyState } from "@/components/ui/empty-state";
import { TextField } from "@/components/ui/text-field";
import type { ApiKeyJson } from "@/lib/contract/api-key-schemas";
import { API_KEY_NAME_MAX, API_KEY_SCOPES, type ApiKeyScope } from "@/lib/shared/api-keys";
import type { Locale } from "@/lib/i18n/locale";
import type { Words } from "@/lib/i18n/words";
import { fill } from "@/lib/shared/fill";
import { formatShortDateTime } from "@/lib/shared/format-date";
import styles from "../team/team.module.css";

/**
 * A restaurant's API keys page (docs/architecture/api-keys.md): create a key with a name and
 * scopes (shown once, with Copy), then the keys with their scopes, creation and last use, each
 * revoked after a confirmation.
 */
export function ApiKeysManager({
  restaurantId,
  timeZone,
  initial,
  words: w,
  locale,
}: {
  restaurantId: number;
  timeZone: string;
  initial: ApiKeyJson[];
  words: Words<"menus">["apiKeys"];
  locale: Locale;
}) {
  // A scope's label and description ("menu.read" is the catalogue's "menu_read": a key holds no dot).
  const scopeOf = (scope: string) => w.scopes[scope.replaceAll(".", "_") as keyof typeof w.scopes] as { label: string; description: string } | undefined;
  const when = (at: string) => formatShortDateTime(at, timeZone, locale);
  const [keys, setKeys] = useState(initial);
  const [name, setName] = useState("");
  const [scopes, setScopes] = useState<ApiKeyScope[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [created, setCreated] = useState<{ name: string; key: string } | null>(null);
  const base = `/api/manage/${restaurantId}/api-keys`;

  const call = async <T,>(tag: string, work: (api: typeof import("@/lib/client/api").api) => Promise<T>): Promise<T | null> => {
    setBusy(tag);
    setStatus(null);
    const { api, ApiClientError, SERVER_FAILURE } = await import("@/lib/client/api");
    try {
      return await work(api);
    } catch (error) {
      if (error instanceof ApiClientError) {
        setErrors(error.errors);
        setStatus(error.message);
      } else setStatus(SERVER_FAILURE);
      return null;
    } finally {
      setBusy(null);
    }
  };

  const toggle = (scope: ApiKeyScope, on: boolean) => setScopes((list) => (on ? [...list, scope] : list.filter((s) => s !== scope)));

  const create = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    setCreated(null);
    if (!scopes.length) {
      setErrors({ scopes: w.chooseScope });
      return;
    }
    const answer = await call("create", (api) => api<{ apiKey: ApiKeyJson; key: string }>(base, { method: "POST", body: { name, scopes } }));
    if (!answer) return;
    setKeys((list) => [answer.apiKey, ...list]);
    setCreated({ name: answer.apiKey.name, key: answer.key });
    setName("");
    setScopes([]);
  };

  const revoke = async (key: ApiKeyJson) => {
    if (!window.confirm(fill(w.confirmRevoke, { name: key.name }))) return;
    const done = await call(`revoke-${key.id}`, (api) => api(`${base}/${key.id}`, { method: "DELETE" }));
    if (done === null) return;
    setKeys((list) => list.filter((k) => k.id !== key.id));
    setStatus(fill(w.revoked, { name: key.name }));
  };

  return (
    <div className={styles.layout}>
      <section className={styles.panel} aria-labelledby="key-create">
        <h2 id="key-create" className={styles.panelTitle}>
          {w.create}
        </h2>
        <form onSubmit={create} noValidate>
          <TextField
            label={w.name}
            hint={w.nameHint}
            autoComplete="off"
            maxLength={API_KEY_NAME_MAX}
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={errors.name}
            required
          />
          <fieldset className={styles.scopes} aria-describedby={errors.scopes ? "key-scopes-error" : undefined}>
            <legend className={styles.name}>{w.scopesLegend}</legend>
            {API_KEY_SCOPES.map((scope) => (
              <label key={scope} className={styles.scope}>
                <input type="checkbox" checked={scopes.includes(scope)} onChange={(e) => toggle(scope, e.target.checked)} />
                <span>
                  <span className={styles.name}>{scopeOf(scope)?.label}</span>
                  <span className={styles.meta}>{scopeOf(scope)?.description}</span>
                </span>
              </label>
            ))}
            {errors.scopes && (
              <p id="key-scopes-error" className={styles.error}>
                {errors.scopes}
              </p>
            )}
          </fieldset>
          <button type="submit" className={`${buttonClass()} ${styles.submit}`} disabled={busy === "create"}>
            {w.createButton}
          </button>
        </form>
      </section>
      <section aria-labelledby="key-list">
        {created && (
          <div className={styles.created} role="region" aria-label={w.newKey}>
            <p className={styles.name}>{fill(w.newKeyNamed, { name: created.name })}</p>
            <p className={styles.meta}>{w.copyNow}</p>
            <code className={styles.key} data-testid="new-api-key">
              {created.key}
            </code>
            <span className={styles.actions}>
              <CopyButton text={created.key} label={w.copy} />
            </span>
          </div>
        )}
        <p className={styles.status} role="status">
          {status}
        </p>
        <h2 id="key-list" className={styles.panelTitle}>
          {w.keys}
        </h2>
        {keys.length ? (
          <ul className={styles.list}>
            {keys.map((k) => (
              <li key={k.id} className={styles.row}>
                <span className={styles.who}>
                  <span className={styles.name}>{k.name}</span>
                  <span className={styles.meta}>
                    <code>{k.start}…</code> · {fill(w.created, { at: when(k.createdAt), by: k.createdBy })} ·{" "}
                    {k.lastUsedAt ? fill(w.lastUsed, { at: when(k.lastUsedAt) }) : w.neverUsed}
                  </span>
                  <span className={styles.badges}>
                    {k.scopes.map((scope) => (
                      <Badge key={scope} tone="info">
                        {scopeOf(scope)?.label ?? scope}
                      </Badge>
                    ))}
                  </span>
                </span>
                <span className={styles.actions}>
                  <button type="button" className={buttonClass({ variant: "ghost" })} onClick={() => revoke(k)} disabled={busy === `revoke-${k.id}`}>
                    {w.revoke}
                    <span className="sr-only">{fill(w.revokeThe, { name: k.name })}</span>
                  </button>
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <EmptyState icon="info" title={w.empty}>
            {w.emptyText}
          </EmptyState>
        )}
      </section>
    </div>
  );
}
