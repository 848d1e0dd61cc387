"use client";
import { useAlerts } from "@/components/providers/alerts-provider";
import { FEATURE_COMING_SOON } from "@/components/shell/delivery-toggle";
import { buttonClass } from "@/components/ui/button";
import { IconGlyph, type IconName } from "@/components/ui/icons";

/** A button for a feature that does not exist yet (pickup): it says so. */
export function ComingSoonButton({ label, icon }: { label: string; icon: IconName }) {
  const { show } = useAlerts();
  return (
    <button type="button" className={buttonClass({ variant: "secondary", size: "small" })} onClick={() => show(FEATURE_COMING_SOON)}>
      <IconGlyph name={icon} size={18} />
      {label}
    </button>
  );
}
