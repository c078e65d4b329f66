import { GenericContainer, Wait, getContainerRuntimeClient, type StartedTestContainer } from 'testcontainers';
import { afterAll, describe } from 'vitest';
import { EventStoreDbEventStore } from '../src/event-store';
import { eventStoreContract } from './event-store.contract';

const IMAGE = process.env.HAMLOG_TEST_ESDB_IMAGE ?? 'eventstore/eventstore:24.10';

/** testcontainers finds the engine (DOCKER_HOST, /var/run/docker.sock, …) and pings it. */
async function dockerAvailable(): Promise<boolean> {
  const timeout = new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 5_000).unref());
  const found = getContainerRuntimeClient().then(
    () => true,
    () => false,
  );
  return Promise.race([found, timeout]);
}

const docker = await dockerAvailable();
if (!docker) console.log('skipped: EventStoreDB (no Docker engine)');

describe.skipIf(!docker)('EventStoreDB (testcontainers)', () => {
  let container: Promise<StartedTestContainer> | undefined;
  const start = () =>
    (container ??= new GenericContainer(IMAGE)
      .withEnvironment({
        EVENTSTORE_INSECURE: 'true',
        EVENTSTORE_MEM_DB: 'true',
        EVENTSTORE_CLUSTER_SIZE: '1',
        EVENTSTORE_RUN_PROJECTIONS: 'None',
        EVENTSTORE_TELEMETRY_OPTOUT: 'true',
      })
      .withExposedPorts(2113)
      .withWaitStrategy(Wait.forHttp('/health/live', 2113).forStatusCode(204))
      .withStartupTimeout(120_000)
      .start());

  afterAll(async () => {
    await (await container)?.stop();
  });

  eventStoreContract('EventStoreDB', async () => {
    const c = await start();
    const store = EventStoreDbEventStore.connect(`esdb://${c.getHost()}:${c.getMappedPort(2113)}?tls=false`);
    return { store, cleanup: () => store.close() };
  });
});
