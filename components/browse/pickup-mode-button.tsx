"use client";
import { useFulfillment } from "@/components/providers/fulfillment-provider";
import { buttonClass } from "@/components/ui/button";
import { IconGlyph } from "@/components/ui/icons";
import { LiveButton } from "@/components/ui/live-button";

/** The restaurant page's "Pickup" (`label`, in the page's language): the same mode switch as the top bar's toggle (pressed in pickup mode). */
export function PickupModeButton({ label }: { label: string }) {
  const { mode, setMode } = useFulfillment();
  const pickup = mode === "pickup";
  return (
    <LiveButton
      className={buttonClass({ variant: pickup ? "primary" : "secondary", size: "small" })}
      aria-pressed={pickup}
      onClick={() => setMode(pickup ? "delivery" : "pickup")}
    >
      <IconGlyph name="bag" size={18} />
      {label}
    </LiveButton>
  );
}
