import { ICON_PATHS } from "./icon-paths";

/** Every icon once, as <symbol id="icon-NAME">, for IconGlyph's <use> (rendered by the root layout). */
export function IconSprite() {
  return (
    <svg aria-hidden="true" focusable="false" style={{ position: "absolute", width: 0, height: 0, overflow: "hidden" }}>
      {Object.entries(ICON_PATHS).map(([name, d]) => (
        <symbol key={name} id={`icon-${name}`} viewBox="0 0 24 24">
          <path d={d} />
        </symbol>
      ))}
    </svg>
  );
}
