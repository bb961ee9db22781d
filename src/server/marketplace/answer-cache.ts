// The offers answers this process last sent, one per application, as the bytes sent (issue 31
// goal 4). An applicant's page polls every few seconds and the answer changes only when a lender
// answers, so most polls can be answered with what was sent before: the poll's statement still
// checks the credentials and compares versions in the database (offers.ts `pollOffersSince`), and
// only an unchanged version reuses the bytes. Nothing here is trusted without that comparison,
// so every instance of the server may keep its own.
import { LRUCache } from 'lru-cache';

export interface CachedAnswer {
  /** The query the answer was made for (page, size, sort, and the flow's order). */
  query: string;
  version: string;
  body: string;
}

/**
 * Least recently used first out, within a budget of characters (a consumer answer with every
 * lender's offer is about 10 kB): the memory it takes stays bounded however many applicants
 * poll, and those polling now stay in it.
 */
export class AnswerCache {
  private readonly answers: LRUCache<number, CachedAnswer>;

  constructor(budget: number) {
    this.answers = new LRUCache({ maxSize: budget, sizeCalculation: (answer) => Math.max(1, answer.body.length) });
  }

  /** The answer kept for this application and query, if any. */
  get(applicationId: number, query: string): CachedAnswer | undefined {
    const kept = this.answers.get(applicationId);
    return kept?.query === query ? kept : undefined;
  }

  /** Keeps an answer in place of this application's earlier one (one larger than the whole budget is not kept). */
  set(applicationId: number, answer: CachedAnswer): void {
    this.answers.set(applicationId, answer);
  }

  /** The characters kept. */
  get used(): number {
    return this.answers.calculatedSize;
  }
}
