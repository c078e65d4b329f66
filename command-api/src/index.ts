export { commandRouter, COMMAND_PATHS, isCommandPath } from './app';
export type { CommandDeps } from './deps';
