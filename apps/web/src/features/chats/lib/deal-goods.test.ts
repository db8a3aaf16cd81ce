import { describe, expect, it } from "vitest";
import { dealGoodsOf } from "./deal-goods";

describe("dealGoodsOf", () => {
  it("shows only the units when the product data is those units again (a listing without a note)", () => {
    expect(dealGoodsOf(["KEY-1"], "KEY-1")).toEqual({ units: ["KEY-1"], text: null });
    expect(dealGoodsOf(["KEY-1", "KEY-2"], "KEY-1\nKEY-2")).toEqual({ units: ["KEY-1", "KEY-2"], text: null });
  });

  it("leaves the units of the buyer's other deals out of it too", () => {
    expect(dealGoodsOf(["KEY-3"], "KEY-1\nKEY-2\nKEY-3")).toEqual({ units: ["KEY-3"], text: null });
  });

  it("keeps a note that says something more", () => {
    const note = "Activate on Steam: Games → Activate a product";
    expect(dealGoodsOf(["KEY-1", "KEY-2"], note)).toEqual({ units: ["KEY-1", "KEY-2"], text: note });
  });

  it("keeps a manual listing's goods, which come without units", () => {
    expect(dealGoodsOf([], "1000 gold on EU-1")).toEqual({ units: [], text: "1000 gold on EU-1" });
  });

  it("shows nothing more when the viewer may not read the product data", () => {
    expect(dealGoodsOf(["KEY-1"], null)).toEqual({ units: ["KEY-1"], text: null });
  });
});
