import { describe, expect, it } from 'vitest';
import { contentHashName } from '../src/files/content-name';
import type { FileStorage } from '../src/ports/file-storage';

/** What every file-storage adapter must do; run once per adapter. */
export function fileStorageContract(name: string, make: () => Promise<FileStorage>) {
  describe(`FileStorage contract: ${name}`, () => {
    const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
    const fileName = contentHashName(bytes, 'png');

    it('stores and reads back bytes with the content type of the extension', async () => {
      const files = await make();
      expect(await files.exists(fileName)).toBe(false);
      expect(await files.get(fileName)).toBeNull();
      await files.put(fileName, bytes);
      expect(await files.exists(fileName)).toBe(true);
      const stored = await files.get(fileName);
      expect(stored?.contentType).toBe('image/png');
      expect([...(stored?.bytes ?? [])]).toEqual([...bytes]);
    });

    it('keeps the first copy when the same name is stored again (a retried upload)', async () => {
      const files = await make();
      await files.put(fileName, bytes);
      await Promise.all([files.put(fileName, bytes), files.put(fileName, bytes)]);
      expect((await files.get(fileName))?.bytes.length).toBe(bytes.length);
    });

    it('deletes, and deleting a missing file is fine', async () => {
      const files = await make();
      await files.put(fileName, bytes);
      await files.delete(fileName);
      await files.delete(fileName);
      expect(await files.exists(fileName)).toBe(false);
    });

    it('refuses names that could leave its folder', async () => {
      const files = await make();
      for (const bad of ['../etc.passwd', '..', 'a/b.png', '.hidden.png', 'UPPER.PNG', 'noext', '']) {
        expect(await files.get(bad)).toBeNull();
        expect(await files.exists(bad)).toBe(false);
        await expect(files.put(bad, bytes)).rejects.toThrow(/safe file name/);
      }
    });

    it('names content by its hash: equal bytes, equal names', () => {
      expect(contentHashName(bytes, 'PNG')).toBe(fileName);
      expect(fileName).toMatch(/^[0-9a-f]{64}\.png$/);
      expect(contentHashName(new Uint8Array([1]), 'png')).not.toBe(fileName);
    });
  });
}
