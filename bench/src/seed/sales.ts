import { randomUUID } from "node:crypto";
import type { DealTerms } from "@lootlane/server/modules/deals/deals.service";
import { type ListingBatch, randomBetween } from "./listings.js";
import type { LanguageVocabulary } from "./vocabulary.js";

/** A listing the generator sells, with its deal's timeline in milliseconds since the epoch. */
export type Sale = {
  productId: string;
  sellerId: string;
  /** The listing's title, which the deal keeps as its snapshot of what was bought. */
  title: string;
  priceKopecks: number;
  language: LanguageVocabulary;
  boughtAt: number;
  /** When and how the deal completed; null while it is open (`purchased`). */
  completion: { at: number; automatic: boolean } | null;
};

const HOUR_MS = 3_600_000;
/** Deals still waiting for the buyer; the rest are completed. */
const OPEN_SHARE = 0.1;
/** Completed deals the buyer confirmed; the rest the sweeper confirmed when auto_confirm_at came. */
const CONFIRMED_SHARE = 0.8;

/**
 * Picks the listings to sell out of the listing stream as it is generated, so a sold listing goes in with its
 * deal's id, status and times and no product row is written twice. Selection sampling (Knuth's algorithm S):
 * each listing is sold with the chance picks left / listings left, which sells exactly `deals` distinct listings
 * spread evenly over the catalogue.
 */
export class SalePicker {
  readonly sales: Sale[] = [];
  #picksLeft: number;
  #listingsLeft: number;

  constructor(
    private readonly random: () => number,
    counts: { deals: number; products: number },
    private readonly terms: DealTerms,
    private readonly now: number,
  ) {
    this.#picksLeft = counts.deals;
    this.#listingsLeft = counts.products;
  }

  /** Turns the picked listings of the batch into sold ones, in place. */
  sell(batch: ListingBatch): void {
    for (let i = 0; i < batch.titles.length; i++) {
      const picked = this.random() * this.#listingsLeft < this.#picksLeft;
      this.#listingsLeft--;
      if (!picked) continue;
      this.#picksLeft--;
      const sale = this.#plan(
        batch.sellerIds[i]!,
        batch.titles[i]!,
        batch.priceKopecks[i]!,
        batch.languages[i]!,
        Date.parse(batch.createdAts[i]!),
      );
      batch.ids[i] = sale.productId;
      // What startDeal and a confirmation leave on the product (deals.lifecycle.ts): its one unit taken, the listing
      // sold out; a sold listing is not deleted.
      batch.statuses[i] = sale.completion ? "completed" : "purchased";
      batch.inStocks[i] = 0;
      batch.updatedAts[i] = new Date(sale.completion?.at ?? sale.boughtAt).toISOString();
      batch.deletedAts[i] = null;
      this.sales.push(sale);
    }
  }

  #plan(sellerId: string, title: string, priceKopecks: number, language: LanguageVocabulary, listedAt: number): Sale {
    const sale = { productId: randomUUID(), sellerId, title, priceKopecks, language };
    const confirmWindow = this.terms.autoConfirmHours * HOUR_MS;
    if (this.random() < OPEN_SHARE) {
      // Bought within the last half of the window, so the server's sweeper finds none of them due for at least
      // half of it after seeding and the bench database stays as generated while it is measured.
      const boughtAt = Math.max(listedAt, this.now - confirmWindow / 2);
      return { ...sale, boughtAt: randomBetween(this.random, boughtAt, this.now), completion: null };
    }
    const boughtAt = randomBetween(this.random, listedAt, this.now);
    const dueAt = boughtAt + confirmWindow;
    if (dueAt <= this.now && this.random() >= CONFIRMED_SHARE)
      return { ...sale, boughtAt, completion: { at: dueAt, automatic: true } };
    return {
      ...sale,
      boughtAt,
      completion: { at: randomBetween(this.random, boughtAt, Math.min(dueAt, this.now)) + 1, automatic: false },
    };
  }
}
