import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ENGLISH } from "@/lib/i18n/catalogues";
import DeliveryMap from "./delivery-map";
import { unitWords } from "./distance";

const restaurant = { lat: 37.7764, lng: -122.4242 };
const dropoff = { lat: 37.7694, lng: -122.4129 };
const words = { map: ENGLISH.courier.map, units: unitWords(ENGLISH.courier) };

describe("DeliveryMap", () => {
  it("is one image named by its points and distances, with no network by default", () => {
    const html = renderToStaticMarkup(createElement(DeliveryMap, { restaurant, dropoff, words }));
    expect(html).toContain('role="img"');
    expect(html).toContain('aria-label="Map: the restaurant and the drop-off, 1.3 km apart."');
    expect(html).not.toContain("<image");
    expect(html).not.toContain("courier-marker");
  });

  it("names the courier and how far they are, and lays the deployment's tiles under the sketch", () => {
    const html = renderToStaticMarkup(
      createElement(DeliveryMap, {
        restaurant,
        dropoff,
        courier: { lat: 37.7735, lng: -122.4195 },
        courierName: "Dev",
        words,
        tileUrl: "https://tiles.example/{z}/{x}/{y}.png",
      }),
    );
    expect(html).toContain("Dev is 740 m from the drop-off");
    expect(html).toContain('data-testid="courier-marker"');
    expect(html).toMatch(/<image href="https:\/\/tiles\.example\/1[0-7]\/\d+\/\d+\.png"/);
  });
});
