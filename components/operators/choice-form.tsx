import styles from "./operators.module.css";

/**
 * A console page's one-choice filter (a GET form: ?name=value), such as the market whose delivery
 * pricing or the currency whose top-up limits the page edits. Rendered on the server.
 */
export function ChoiceForm({
  action,
  label,
  name,
  value,
  options,
  show,
}: {
  action: string;
  label: string;
  name: string;
  value: string;
  options: { value: string; label: string }[];
  show: string;
}) {
  return (
    <form className={styles.filters} action={action} aria-label={label}>
      <label>
        {label}
        <select name={name} defaultValue={value}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className={styles.filterButton}>
        {show}
      </button>
    </form>
  );
}
