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

    it('opens a file for streaming: its size, the whole bytes, or a range of them', async () => {
      const files = await make();
      expect(await files.open(fileName)).toBeNull();
      expect(await files.open('../etc.passwd')).toBeNull();
      await files.put(fileName, bytes);
      const read = async (range?: { start: number; end: number }) => {
        const opened = await files.open(fileName);
        const chunks: Buffer[] = [];
        for await (const chunk of opened!.stream(range)) chunks.push(chunk as Buffer);
        return { size: opened!.size, contentType: opened!.contentType, bytes: [...Buffer.concat(chunks)] };
      };
      expect(await read()).toEqual({ size: bytes.length, contentType: 'image/png', bytes: [...bytes] });
      expect((await read({ start: 2, end: 4 })).bytes).toEqual([...bytes.subarray(2, 5)]);
      expect((await read({ start: 6, end: 6 })).bytes).toEqual([3]);
      const unread = await files.open(fileName);
      await unread?.close();
    });

    it('stores a stream of chunks whole, replacing the file of that name, and answers its size', async () => {
      const files = await make();
      async function* chunks(parts: (string | Uint8Array)[]) {
        for (const part of parts) yield part;
      }
      expect(await files.putStream('export-a.adi', chunks(['<EOH>\n', new Uint8Array([0x41, 0x42]), 'Ä']))).toBe(6 + 2 + 2);
      expect((await files.get('export-a.adi'))?.bytes.toString('utf8')).toBe('<EOH>\nABÄ');
      expect(await files.putStream('export-a.adi', chunks(['new']))).toBe(3);
      expect((await files.get('export-a.adi'))?.bytes.toString('utf8')).toBe('new');
      await expect(files.putStream('../x.adi', chunks(['x']))).rejects.toThrow(/safe file name/);
    });

    it('stores nothing when the stream fails part-way, and keeps the file that was there', async () => {
      const files = await make();
      async function* failing() {
        yield 'half a ';
        throw new Error('the source broke');
      }
      await expect(files.putStream('export-b.adi', failing())).rejects.toThrow('the source broke');
      expect(await files.exists('export-b.adi')).toBe(false);
      await files.put('export-b.adi', new Uint8Array([1]));
      await expect(files.putStream('export-b.adi', failing())).rejects.toThrow('the source broke');
      expect([...((await files.get('export-b.adi'))?.bytes ?? [])]).toEqual([1]);
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
