import { Fragment, type ReactNode } from "react";
import { CopyButton } from "@/components/ui/copy-button";
import { CONVENTIONS } from "@/lib/contract/conventions";
import { openApiDocument } from "@/lib/contract/openapi";
import { referenceOf, shapesOf, type Field, type Reference } from "@/lib/contract/reference";
import styles from "./api-reference.module.css";

// A Server Component: the reference is plain HTML, no client script.

/** `code` spans of the conventions' text as <code>. */
function inline(text: string): ReactNode {
  return text
    .split(/(`[^`]+`)/)
    .map((part, index) => (part.startsWith("`") && part.endsWith("`") ? <code key={index}>{part.slice(1, -1)}</code> : <Fragment key={index}>{part}</Fragment>));
}

function FieldTable({ caption, fields }: { caption: string; fields: Field[] }) {
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">Type</th>
            <th scope="col">Required</th>
          </tr>
        </thead>
        <tbody>
          {fields.map((field) => (
            <tr key={field.name}>
              <td>
                <code>{field.name}</code>
              </td>
              <td>
                {field.type}
                {field.description && <span className={styles.note}> {field.description}</span>}
              </td>
              <td>{field.required ? "yes" : "no"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function OperationEntry({ operation }: { operation: Reference }) {
  return (
    <article className={styles.operation} id={operation.id} aria-labelledby={`${operation.id}-title`}>
      <h3 id={`${operation.id}-title`} className={styles.operationTitle}>
        <span className={`${styles.method} ${styles[operation.method.toLowerCase()] ?? ""}`}>{operation.method}</span>{" "}
        <code className={styles.path}>{operation.path}</code>
      </h3>
      <p>{operation.summary}</p>
      <dl className={styles.facts}>
        <dt>Who may call</dt>
        <dd>{operation.who}</dd>
        {operation.pathParams.length > 0 && (
          <>
            <dt>Path</dt>
            <dd>{operation.pathParams.map((name) => `{${name}}`).join(", ")}: positive whole numbers</dd>
          </>
        )}
        {operation.method !== "GET" && (
          <>
            <dt>Headers</dt>
            <dd>
              <code>XSRF-Token</code>
              {operation.idempotent && (
                <>
                  , optional <code>Idempotency-Key</code>
                </>
              )}
            </dd>
          </>
        )}
      </dl>
      {operation.query.length > 0 && <FieldTable caption="Query parameters" fields={operation.query} />}
      {operation.body && <FieldTable caption={`Request body (${operation.body.contentType})`} fields={operation.body.fields} />}
      <div className={styles.tableWrap}>
        <table className={styles.table}>
          <caption>Responses</caption>
          <thead>
            <tr>
              <th scope="col">Status</th>
              <th scope="col">Meaning</th>
              <th scope="col">Body</th>
            </tr>
          </thead>
          <tbody>
            {operation.responses.map((response) => (
              <tr key={response.status}>
                <td>{response.status}</td>
                <td>{inline(response.description)}</td>
                <td>
                  <code>{response.shape}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </article>
  );
}

export function ApiReference() {
  const document = openApiDocument();
  const groups = referenceOf(document);
  const shapes = shapesOf(document);
  return (
    <div className={styles.reference}>
      <nav aria-label="API sections" className={styles.toc}>
        <ul>
          <li>
            <a href="#conventions">Conventions</a>
          </li>
          {groups.map((group) => (
            <li key={group.name}>
              <a href={`#resource-${group.name.replace(/\s+/g, "-").toLowerCase()}`}>{group.name}</a>
            </li>
          ))}
          <li>
            <a href="#shapes">Shapes</a>
          </li>
        </ul>
      </nav>

      <section aria-labelledby="conventions" className={styles.section}>
        <h2 id="conventions">Conventions</h2>
        {CONVENTIONS.map((convention) => (
          <Fragment key={convention.title}>
            <h3 className={styles.conventionTitle}>{convention.title}</h3>
            <p className={styles.text}>{inline(convention.text)}</p>
            {convention.example && (
              <div className={styles.example}>
                <pre>
                  <code>{convention.example}</code>
                </pre>
                <CopyButton text={convention.example} what={`the ${convention.title} example`} />
              </div>
            )}
          </Fragment>
        ))}
      </section>

      {groups.map((group) => {
        const id = `resource-${group.name.replace(/\s+/g, "-").toLowerCase()}`;
        return (
          <section key={group.name} aria-labelledby={id} className={styles.section}>
            <h2 id={id}>{group.name}</h2>
            <p className={styles.text}>{group.description}.</p>
            {group.operations.map((operation) => (
              <OperationEntry key={operation.id} operation={operation} />
            ))}
          </section>
        );
      })}

      <section aria-labelledby="shapes" className={styles.section}>
        <h2 id="shapes">Shapes</h2>
        <p className={styles.text}>The JSON objects the responses above name. Money is in dollars; times are ISO 8601.</p>
        {shapes.map((shape) => (
          <div key={shape.name} id={`shape-${shape.name}`}>
            <h3 className={styles.conventionTitle}>{shape.name}</h3>
            <FieldTable caption={`${shape.name} fields`} fields={shape.fields} />
          </div>
        ))}
      </section>
    </div>
  );
}
