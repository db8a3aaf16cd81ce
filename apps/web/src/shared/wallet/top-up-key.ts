import { useRef } from "react";
import { toApiError } from "@/shared/api/api-error";

/**
 * The Idempotency-Key of a top-up form: the same for every submission of the same amount until the server gives a
 * verdict, so a double click or a retry after a lost answer creates one payment; a new one for another amount or
 * after a refusal, which created nothing.
 */
export function useTopUpKey() {
  const current = useRef<{ amount: number; key: string } | null>(null);
  return {
    keyFor(amount: number): string {
      if (current.current?.amount !== amount) current.current = { amount, key: crypto.randomUUID() };
      return current.current.key;
    },
    settled(error: unknown): void {
      const { status } = toApiError(error);
      if (status >= 400 && status < 500) current.current = null;
    },
  };
}
