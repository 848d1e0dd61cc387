import type { SVGProps } from "react";
import type { IconName } from "./icon-paths";

// Decorative line icons (24px grid, currentColor). Always paired with visible or sr-only text.
// Each draws a <symbol> of the sprite the root layout puts in every page (icon-sprite.tsx), so
// the drawings travel once in the HTML instead of in every route's JavaScript; stroke, width
// and colour set here inherit into the symbol.

export type { IconName } from "./icon-paths";

type IconProps = SVGProps<SVGSVGElement> & { size?: number };

function Icon({ size = 20, children, ...props }: IconProps) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}

export function IconGlyph({ name, ...props }: IconProps & { name: IconName }) {
  return (
    <Icon {...props}>
      <use href={`#icon-${name}`} />
    </Icon>
  );
}
