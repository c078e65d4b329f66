import type { Worker } from 'node:worker_threads';
import { startSiblingWorker } from '@hamlog/infra/runtime/sibling-worker';
import type { DecideContext, DecidedChunk, ResumePoint } from './decide-records';
import type { FromDecideWorker, ToDecideWorker } from './decide-worker';

/**
 * ADIF files' chunks decided in a worker thread (decideRecords there): reading and deciding, the
 * biggest part of an import's work, run beside the event loop that serves every other request and
 * writes the chunks. A file's bytes go over a slice at a time as the worker asks for them (handed
 * over when they own their memory), so neither thread ever holds the whole file.
 *
 * The worker is kept between imports, and started when an upload begins (warm()): starting one
 * (its modules and the DXCC data) takes longer than deciding a 10,000-QSO file. One import uses
 * it at a time; an import that finds it busy starts another, kept only while it works.
 */
export class DecideWorkers {
  private idle: Worker | null = null;
  private runs = 0;
  private stopped = false;

  /** Has a worker ready for the next import. */
  warm(): void {
    if (!this.stopped) this.idle ??= this.start();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    const idle = this.idle;
    this.idle = null;
    await idle?.terminate();
  }

  /** The file's chunks after `from`, decided in a worker that reads the file from its path, or as `file` yields it. */
  async *decide(file: { path: string } | AsyncIterable<Uint8Array>, context: DecideContext, from: ResumePoint): AsyncGenerator<DecidedChunk> {
    const worker = this.idle ?? this.start();
    this.idle = null;
    const run = ++this.runs;
    const path = 'path' in file ? file.path : null;
    const slices: AsyncIterator<Uint8Array> = 'path' in file ? noSlices() : file[Symbol.asyncIterator]();
    const queue: Exclude<FromDecideWorker, { read: true }>[] = [];
    let failure: Error | null = null;
    let wake: (() => void) | null = null;
    const woken = () => {
      const w = wake;
      wake = null;
      w?.();
    };
    const fail = (error: unknown) => {
      failure ??= error instanceof Error ? error : new Error(String(error));
      woken();
    };
    const send = (message: ToDecideWorker, transfer: ArrayBuffer[] = []) => worker.postMessage(message, transfer);
    /** A slice that owns its memory (a file read's own buffer) is handed over, not copied. */
    const sendSlice = (bytes: Uint8Array | null) => {
      const own = bytes !== null && bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer;
      send({ run, bytes }, own ? [bytes.buffer as ArrayBuffer] : []);
    };
    const onMessage = (message: FromDecideWorker) => {
      if (message.run !== run) return;
      // Each request is answered in order (the reads queue up on the one iterator); past the end, with null.
      if ('read' in message) return void slices.next().then((next) => sendSlice(next.done ? null : next.value), fail);
      queue.push(message);
      woken();
    };
    const onExit = (code: number) => fail(new Error(`the ADIF import worker stopped (exit code ${code})`));
    worker.on('message', onMessage);
    worker.on('error', fail);
    worker.on('exit', onExit);
    worker.ref();
    let finished = false;
    try {
      send({ run, start: { context, from, path } });
      for (;;) {
        while (queue.length === 0 && !failure) await new Promise<void>((resolve) => (wake = resolve));
        const message = queue.shift();
        if (!message) throw failure!;
        if ('error' in message) throw new Error(`the ADIF import worker failed: ${message.error}`);
        if ('done' in message) {
          finished = true;
          return;
        }
        send({ run, more: true });
        yield message.chunk;
      }
    } finally {
      worker.off('message', onMessage);
      worker.off('error', fail);
      worker.off('exit', onExit);
      // A worker left in the middle of a file (a failure, an import stopped) is not reused.
      if (finished && !failure && !this.stopped && this.idle === null) {
        worker.unref();
        this.idle = worker;
      } else await worker.terminate();
      await slices.return?.();
    }
  }

  private start(): Worker {
    const worker = startSiblingWorker(import.meta.url, 'decide-worker');
    worker.on('error', () => {
      if (this.idle === worker) this.idle = null;
    });
    worker.on('exit', () => {
      if (this.idle === worker) this.idle = null;
    });
    worker.unref();
    return worker;
  }
}

/** A worker that reads its file from the disk asks this thread for none. */
async function* noSlices(): AsyncGenerator<Uint8Array> {}
