export { InProcessMessageStream, type InProcessMessageStreamOptions } from './in-process-message-stream';
export { KafkaMessageStream, type KafkaMessageStreamOptions } from './kafka-message-stream';
