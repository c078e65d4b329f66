import { mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { LocalFileStorage } from '../src/files/local-file-storage';
import { fileStorageContract } from './file-storage.contract';

const newFolder = () => mkdtemp(join(tmpdir(), 'hamlog-files-'));

fileStorageContract('local folder', async () => new LocalFileStorage(join(await newFolder(), 'files')));

it('leaves no temporary files behind', async () => {
  const dir = await newFolder();
  const files = new LocalFileStorage(dir);
  await Promise.all([1, 2, 3].map(() => files.put('abc.mp3', new Uint8Array([1, 2]))));
  expect(await readdir(dir)).toEqual(['abc.mp3']);
  async function* failing() {
    yield 'x';
    throw new Error('broke');
  }
  await expect(files.putStream('partial.adi', failing())).rejects.toThrow('broke');
  expect(await readdir(dir)).toEqual(['abc.mp3']);
});
