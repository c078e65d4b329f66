import { InProcessMessageStream } from '../src/message-stream';
import { messageStreamContract } from './message-stream.contract';

messageStreamContract('in-process', async () => {
  const stream = new InProcessMessageStream({ onHandlerError: () => {} });
  return { stream, cleanup: () => stream.close() };
});
