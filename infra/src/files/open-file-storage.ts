import { join } from 'node:path';
import type { Config } from '../config/config';
import type { FileStorage } from '../ports/file-storage';
import { LocalFileStorage } from './local-file-storage';

/** The file storage the configuration names: DATA_DIR/files (a shared volume in the production shape). */
export function openFileStorage(config: Pick<Config, 'dataDir'>): FileStorage {
  return new LocalFileStorage(join(config.dataDir, 'files'));
}
