/*
 * Where a withdrawal may go, and how each kind of destination is checked, stored and shown (issue 18). One place
 * for both sides: the form refuses what the server would refuse, and a destination is masked the same way in
 * every list.
 */

export const withdrawalMethods = ["card", "sbp", "yoomoney"] as const;
export type WithdrawalMethodName = (typeof withdrawalMethods)[number];

/** Why a destination was refused, for a screen that says it in the reader's language. */
export type DestinationProblem = "card_length" | "card_luhn" | "sbp_phone" | "yoomoney_format";

export type CheckedDestination =
  { ok: true; destination: string } | { ok: false; problem: DestinationProblem; message: string };

/** Spaces, dashes, dots and brackets people write numbers with. */
const SEPARATORS = /[\s\-.()]/g;

/**
 * A destination as written by the user, checked for its method and normalised: a card as its digits, a phone as
 * +7 and ten digits, a ЮMoney wallet as its digits.
 */
export function checkDestination(method: WithdrawalMethodName, written: string): CheckedDestination {
  const compact = written.replace(SEPARATORS, "");
  switch (method) {
    case "card":
      if (!/^\d{13,19}$/.test(compact))
        return { ok: false, problem: "card_length", message: "A card number has 13 to 19 digits" };
      return passesLuhn(compact)
        ? { ok: true, destination: compact }
        : { ok: false, problem: "card_luhn", message: "This card number has a typo" };
    case "sbp": {
      // A Russian mobile number as people write it: +7…, 8… or 7… followed by ten digits starting with 9.
      const match = /^(?:\+7|8|7)(9\d{9})$/.exec(compact);
      return match
        ? { ok: true, destination: `+7${match[1]}` }
        : { ok: false, problem: "sbp_phone", message: "A Russian mobile number: +7 9XX XXX-XX-XX" };
    }
    case "yoomoney":
      // ЮMoney wallet numbers start with 4100 and are 11 to 20 digits long.
      return /^4100\d{7,16}$/.test(compact)
        ? { ok: true, destination: compact }
        : { ok: false, problem: "yoomoney_format", message: "A ЮMoney wallet number starts with 4100" };
  }
}

/** The Luhn checksum every payment card number carries in its last digit. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** A stored destination as every screen and answer shows it: only its last four digits. */
export function maskDestination(method: WithdrawalMethodName, destination: string): string {
  const last = destination.slice(-4);
  if (method === "sbp") return `+7 ••• •••-${last.slice(0, 2)}-${last.slice(2)}`;
  return `•••• ${last}`;
}
