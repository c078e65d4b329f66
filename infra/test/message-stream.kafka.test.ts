import { connect } from 'node:net';
import { beforeAll, describe } from 'vitest';
import { KafkaMessageStream } from '../src/message-stream';
import { messageStreamContract } from './message-stream.contract';

const brokers = (process.env.KAFKA_BROKERS ?? '127.0.0.1:9092').split(',').map((b) => b.trim());
const reachable = await canConnect(brokers[0]!);
const inCi = process.env.CI === 'true';
if (!reachable && !inCi) console.log(`skipped: Kafka (no broker at ${brokers.join(',')}; run scripts/kafka.sh start)`);

describe.skipIf(!reachable && !inCi)('Kafka message stream', () => {
  beforeAll(() => {
    if (!reachable) throw new Error(`Kafka broker not reachable at ${brokers.join(',')} (CI=true requires it; run scripts/kafka.sh start)`);
  });

  messageStreamContract(
    'kafka',
    async () => {
      const stream = new KafkaMessageStream({ brokers, clientId: 'message-stream-contract', onHandlerError: () => {} });
      return { stream, cleanup: () => stream.close() };
    },
    { durable: true },
  );
});

function canConnect(address: string, timeoutMs = 2000): Promise<boolean> {
  const [host, port] = [address.slice(0, address.lastIndexOf(':')), Number(address.slice(address.lastIndexOf(':') + 1))];
  return new Promise((resolve) => {
    const socket = connect({ host, port, timeout: timeoutMs });
    const done = (ok: boolean) => { socket.destroy(); resolve(ok); };
    socket.once('connect', () => done(true)).once('timeout', () => done(false)).once('error', () => done(false));
  });
}
