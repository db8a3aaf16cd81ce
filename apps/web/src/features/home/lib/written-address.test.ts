import { describe, expect, it } from "vitest";
import { createWrittenAddress } from "./written-address";

const query = (text: string) => new URLSearchParams(text);

describe("the address a listing's next change builds on", () => {
  it("stays the latest write while an older one renders", () => {
    const address = createWrittenAddress(query(""));
    address.wrote(query("min_price=500"));
    address.wrote(query("min_price=500&max_price=1500"));
    address.rendered(query("min_price=500"));
    expect(address.current().toString()).toBe("min_price=500&max_price=1500");
    address.rendered(query("min_price=500&max_price=1500"));
    expect(address.current().toString()).toBe("min_price=500&max_price=1500");
  });

  it("follows an address that came from elsewhere, such as Back, dropping the writes awaited", () => {
    const address = createWrittenAddress(query("sort=newest"));
    address.wrote(query("sort=price_desc"));
    address.rendered(query(""));
    expect(address.current().toString()).toBe("");
    address.rendered(query("sort=price_desc"));
    expect(address.current().toString()).toBe("sort=price_desc");
  });

  it("starts from the address it was given", () => {
    expect(createWrittenAddress(query("q=dota")).current().toString()).toBe("q=dota");
  });
});
