"use client";
import { useState, type FormEvent } from "react";
import { Badge } from "@/components/ui/badge";
import { buttonClass } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { TextField } from "@/components/ui/text-field";
import type { ApiKeyJson } from "@/lib/contract/api-keys/schemas";
import { API_KEY_NAME_MAX, API_KEY_SCOPES, type ApiKeyScope } from "@/lib/shared/people/api-keys";
import type { Locale } from "@/lib/i18n/locale";
import type { Words } from "@/lib/i18n/words";
import { fill } from "@/lib/shared/words/fill";
import { formatShortDateTime } from "@/lib/shared/time/format-date";
import { api } from "@/lib/client/api";
import { Choices } from "../team/choices";
import { ResourceManager, ResourceRow, RowButton, useResourceCalls } from "../team/resource-manager";
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
  const [created, setCreated] = useState<{ name: string; key: string } | null>(null);
  const { call, busy, errors, setErrors, status, setStatus } = useResourceCalls();
  const base = `/api/manage/${restaurantId}/api-keys`;

  const create = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    setCreated(null);
    if (!scopes.length) {
      setErrors({ scopes: w.chooseScope });
      return;
    }
    const answer = await call("create", () => api<{ apiKey: ApiKeyJson; key: string }>(base, { method: "POST", body: { name, scopes } }));
    if (!answer) return;
    setKeys((list) => [answer.apiKey, ...list]);
    setCreated({ name: answer.apiKey.name, key: answer.key });
    setName("");
    setScopes([]);
  };

  const revoke = async (key: ApiKeyJson) => {
    if (!window.confirm(fill(w.confirmRevoke, { name: key.name }))) return;
    const done = await call(`revoke-${key.id}`, () => api(`${base}/${key.id}`, { method: "DELETE" }).then(() => true));
    if (!done) return;
    setKeys((list) => list.filter((k) => k.id !== key.id));
    setStatus(fill(w.revoked, { name: key.name }));
  };

  return (
    <ResourceManager
      formId="key-create"
      formTitle={w.create}
      form={
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
          <Choices
            legend={w.scopesLegend}
            options={API_KEY_SCOPES.map((scope) => ({ value: scope, name: scopeOf(scope)?.label, meta: scopeOf(scope)?.description }))}
            chosen={scopes}
            onChange={setScopes}
            error={errors.scopes}
            errorId="key-scopes-error"
          />
          <button type="submit" className={`${buttonClass()} ${styles.submit}`} disabled={busy === "create"}>
            {w.createButton}
          </button>
        </form>
      }
      listId="key-list"
      listTitle={w.keys}
      revealed={
        created && { label: w.newKey, title: fill(w.newKeyNamed, { name: created.name }), note: w.copyNow, value: created.key, testId: "new-api-key", copyLabel: w.copy }
      }
      status={status}
    >
      {keys.length ? (
        <ul className={styles.list}>
          {keys.map((k) => (
            <ResourceRow
              key={k.id}
              name={k.name}
              details={
                <>
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
                </>
              }
              actions={
                <RowButton label={w.revoke} on={fill(w.revokeThe, { name: k.name })} variant="ghost" onClick={() => revoke(k)} disabled={busy === `revoke-${k.id}`} />
              }
            />
          ))}
        </ul>
      ) : (
        <EmptyState icon="info" title={w.empty}>
          {w.emptyText}
        </EmptyState>
      )}
    </ResourceManager>
  );
}
