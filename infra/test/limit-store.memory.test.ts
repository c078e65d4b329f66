import { MemoryLimitStore } from '../src/limits/memory-limit-store';
import { limitStoreContract } from './limit-store.contract';

limitStoreContract('in memory', async () => {
  const store = new MemoryLimitStore();
  return { store: () => store, dispose: () => store.close() };
});
