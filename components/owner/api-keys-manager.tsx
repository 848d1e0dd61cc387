"use client";
import { useState, type FormEvent } from "react";
import { Badge } from "@/components/ui/badge";
import { buttonClass } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { EmptyState } from "@/components/ui/empty-state";
import { TextField } from "@/components/ui/text-field";
import type { ApiKeyJson } from "@/lib/contract/api-key-schemas";
import { API_KEY_NAME_MAX, API_KEY_SCOPES, API_KEY_SCOPE_LABELS, type ApiKeyScope } from "@/lib/shared/api-keys";
import { formatShortDateTime } from "@/lib/shared/format-date";
import styles from "../team/team.module.css";

/**
 * A restaurant's API keys page (docs/architecture/api-keys.md): create a key with a name and
 * scopes (shown once, with Copy), then the keys with their scopes, creation and last use, each
 * revoked after a confirmation.
 */
export function ApiKeysManager({ restaurantId, timeZone, initial }: { restaurantId: number; timeZone: string; initial: ApiKeyJson[] }) {
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
      setErrors({ scopes: "Choose at least one scope" });
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
    if (!window.confirm(`Revoke the key "${key.name}"? Anything using it stops working at once.`)) return;
    const done = await call(`revoke-${key.id}`, (api) => api(`${base}/${key.id}`, { method: "DELETE" }));
    if (done === null) return;
    setKeys((list) => list.filter((k) => k.id !== key.id));
    setStatus(`The key "${key.name}" was revoked.`);
  };

  return (
    <div className={styles.layout}>
      <section className={styles.panel} aria-labelledby="key-create">
        <h2 id="key-create" className={styles.panelTitle}>
          Create a key
        </h2>
        <form onSubmit={create} noValidate>
          <TextField
            label="Name"
            hint="Where it is used, such as your POS"
            autoComplete="off"
            maxLength={API_KEY_NAME_MAX}
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={errors.name}
            required
          />
          <fieldset className={styles.scopes} aria-describedby={errors.scopes ? "key-scopes-error" : undefined}>
            <legend className={styles.name}>Scopes</legend>
            {API_KEY_SCOPES.map((scope) => (
              <label key={scope} className={styles.scope}>
                <input type="checkbox" checked={scopes.includes(scope)} onChange={(e) => toggle(scope, e.target.checked)} />
                <span>
                  <span className={styles.name}>{API_KEY_SCOPE_LABELS[scope].label}</span>
                  <span className={styles.meta}>{API_KEY_SCOPE_LABELS[scope].description}</span>
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
            Create key
          </button>
        </form>
      </section>
      <section aria-labelledby="key-list">
        {created && (
          <div className={styles.created} role="region" aria-label="Your new key">
            <p className={styles.name}>Your new key &ldquo;{created.name}&rdquo;</p>
            <p className={styles.meta}>Copy it now: it is shown only this once. Send it as Authorization: Bearer &lt;key&gt;.</p>
            <code className={styles.key} data-testid="new-api-key">
              {created.key}
            </code>
            <span className={styles.actions}>
              <CopyButton text={created.key} label="Copy key" />
            </span>
          </div>
        )}
        <p className={styles.status} role="status">
          {status}
        </p>
        <h2 id="key-list" className={styles.panelTitle}>
          Keys
        </h2>
        {keys.length ? (
          <ul className={styles.list}>
            {keys.map((k) => (
              <li key={k.id} className={styles.row}>
                <span className={styles.who}>
                  <span className={styles.name}>{k.name}</span>
                  <span className={styles.meta}>
                    <code>{k.start}…</code> · created {formatShortDateTime(k.createdAt, timeZone)} by {k.createdBy} ·{" "}
                    {k.lastUsedAt ? `last used ${formatShortDateTime(k.lastUsedAt, timeZone)}` : "never used"}
                  </span>
                  <span className={styles.badges}>
                    {k.scopes.map((scope) => (
                      <Badge key={scope} tone="info">
                        {API_KEY_SCOPE_LABELS[scope as ApiKeyScope]?.label ?? scope}
                      </Badge>
                    ))}
                  </span>
                </span>
                <span className={styles.actions}>
                  <button type="button" className={buttonClass({ variant: "ghost" })} onClick={() => revoke(k)} disabled={busy === `revoke-${k.id}`}>
                    Revoke<span className="sr-only"> the key {k.name}</span>
                  </button>
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <EmptyState icon="info" title="No API keys yet">
            Create a key to connect your point-of-sale or kitchen system: it can read your menu and orders and move orders on, as you choose.
          </EmptyState>
        )}
      </section>
    </div>
  );
}
