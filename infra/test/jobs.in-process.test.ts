import { EventEmitter } from 'node:events';
import { InProcessFanOut, InProcessJobQueue } from '../src/jobs';
import type { FanOut } from '../src/ports/jobs';
import { jobsContract } from './jobs.contract';

jobsContract('in-process', async () => {
  const bus = new EventEmitter();
  const queue = new InProcessJobQueue({ backoffMs: 50 });
  const fanOuts: FanOut[] = [];
  return {
    queue: () => queue,
    fanOut: () => {
      const f = new InProcessFanOut(bus);
      fanOuts.push(f);
      return f;
    },
    async dispose() {
      await Promise.all([queue, ...fanOuts].map((x) => x.close()));
    },
  };
});
