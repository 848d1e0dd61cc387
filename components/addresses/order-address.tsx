import { IconGlyph } from "@/components/ui/icons";
import { getT } from "@/lib/i18n/translate";
import { labelIn } from "@/lib/shared/people/address-label";
import type { DeliveryCopy } from "@/lib/server/addresses/order-copy";

/** "1 Main St, Apt 4, Eugene, OR 97401". */
function line(copy: DeliveryCopy): string {
  return [copy.address, copy.unit, copy.city, [copy.state, copy.zip].filter(Boolean).join(" ")].filter(Boolean).join(", ");
}

/**
 * The order page's "Deliver to" fact: the address the order was placed with, as it kept it
 * (docs/architecture/places.md "Address book"): editing or removing the book's entry later, or
 * choosing another default, changes nothing here.
 */
export async function OrderAddressFact({ copy }: { copy: DeliveryCopy | null }) {
  if (!copy) return null;
  const t = await getT("profile");
  return (
    <div data-testid="order-delivery-address">
      <dt>
        <IconGlyph name="pin" size={18} /> {t("addresses.deliverTo")}
      </dt>
      <dd>
        {copy.label ? `${labelIn(copy.label, { home: t("addresses.form.home"), work: t("addresses.form.work") })} · ` : ""}
        {line(copy)}
        {copy.instructions && (
          <>
            <br />
            {copy.instructions}
          </>
        )}
      </dd>
    </div>
  );
}
