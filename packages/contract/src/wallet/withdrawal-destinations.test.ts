import { describe, expect, it } from "vitest";
import { withdrawalRequestSchema } from "./wallet.schemas.js";
import { checkDestination, maskDestination, passesLuhn } from "./withdrawal-destinations.js";

describe("withdrawal destinations", () => {
  it("accepts card numbers whose Luhn checksum holds, as written with spaces", () => {
    expect(checkDestination("card", "4111 1111 1111 1111")).toEqual({ ok: true, destination: "4111111111111111" });
    expect(checkDestination("card", "2200-7000-0000-0004").ok).toBe(passesLuhn("2200700000000004"));
  });

  it("refuses a card number with one digit wrong, and one too short", () => {
    expect(checkDestination("card", "4111 1111 1111 1112")).toEqual({
      ok: false,
      problem: "card_luhn",
      message: "This card number has a typo",
    });
    expect(checkDestination("card", "4111 1111")).toMatchObject({ ok: false, problem: "card_length" });
  });

  it("takes a Russian mobile number written with +7, 8 or 7 and stores it as +7", () => {
    for (const written of ["+7 (912) 345-67-89", "89123456789", "7 912 345 67 89"])
      expect(checkDestination("sbp", written)).toEqual({ ok: true, destination: "+79123456789" });
    expect(checkDestination("sbp", "+7 495 123-45-67").ok).toBe(false);
    expect(checkDestination("sbp", "+1 912 345 67 89").ok).toBe(false);
  });

  it("takes ЮMoney wallet numbers starting with 4100", () => {
    expect(checkDestination("yoomoney", "4100 1111 2222 333")).toEqual({ ok: true, destination: "410011112222333" });
    expect(checkDestination("yoomoney", "5100111122223333").ok).toBe(false);
  });

  it("masks all but the last four digits", () => {
    expect(maskDestination("card", "4111111111111111")).toBe("•••• 1111");
    expect(maskDestination("yoomoney", "410011112222333")).toBe("•••• 2333");
    expect(maskDestination("sbp", "+79123456789")).toBe("+7 ••• •••-67-89");
  });

  it("reports a bad destination on the destination field of the request", () => {
    const parsed = withdrawalRequestSchema.safeParse({ amount: 500, method: "card", destination: "4111111111111112" });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues).toEqual([
      expect.objectContaining({ path: ["destination"], message: "This card number has a typo" }),
    ]);
    expect(
      withdrawalRequestSchema.parse({ amount: 500, method: "sbp", destination: "8 912 345-67-89" }).destination,
    ).toBe("+79123456789");
  });
});
