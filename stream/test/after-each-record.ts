import type { AggregatesStore, QsoFact } from '@hamlog/infra/ports/aggregates';

/** The store, with `then` called after each batch it records (to fail or die right there, before the commit). */
export function afterEachRecord(store: AggregatesStore, then: (batch: number) => void): AggregatesStore {
  let batches = 0;
  return {
    migrate: () => store.migrate(),
    reset: () => store.reset(),
    hourlyCounts: (...args) => store.hourlyCounts(...args),
    topStations: (...args) => store.topStations(...args),
    close: () => store.close(),
    async recordQsoFacts(facts: QsoFact[]) {
      await store.recordQsoFacts(facts);
      then(++batches);
    },
  };
}
