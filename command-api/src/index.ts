export { commandRouter, COMMAND_PATHS } from './app';
export type { CommandDeps } from './deps';
