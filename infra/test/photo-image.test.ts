import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { MAX_PHOTO_PIXELS, NotAPhotoError, processPhoto, THUMBNAIL_WIDTH, TooManyPixelsError } from '../src/images/photo-image';

const picture = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#2266aa' } });

describe('photo images, checked by content', () => {
  it('accepts JPEG, PNG and GIF by their bytes and makes a smaller WebP thumbnail', async () => {
    for (const [format, bytes] of [
      ['jpeg', await picture(1200, 800).jpeg().toBuffer()],
      ['png', await picture(1200, 800).png().toBuffer()],
      ['gif', await picture(1200, 800).gif().toBuffer()],
    ] as const) {
      const photo = await processPhoto(bytes);
      expect(photo).toMatchObject({ format, width: 1200, height: 800 });
      expect((await sharp(photo.image).metadata()).format).toBe(format);
      const thumb = await sharp(photo.thumbnail).metadata();
      expect(thumb).toMatchObject({ format: 'webp', width: THUMBNAIL_WIDTH, height: 200 });
      expect(photo.thumbnail.length).toBeLessThan(photo.image.length);
    }
  });

  it('does not enlarge a small image for its thumbnail', async () => {
    const photo = await processPhoto(await picture(120, 90).png().toBuffer());
    expect((await sharp(photo.thumbnail).metadata()).width).toBe(120);
  });

  it('refuses text, SVG, WebP, truncated images and a JPEG header on anything else', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
    const webp = await picture(10, 10).webp().toBuffer();
    const png = await picture(400, 400).png().toBuffer();
    for (const bytes of [Buffer.from('just some text, named photo.jpg'), svg, webp, png.subarray(0, 60), Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]), Buffer.alloc(0)]) {
      await expect(processPhoto(bytes)).rejects.toBeInstanceOf(NotAPhotoError);
    }
  });

  it('drops what rides along: metadata and bytes appended after the image', async () => {
    const withExif = await picture(64, 64)
      .jpeg()
      .withExif({ IFD0: { Copyright: 'SECRET-CAMERA-OWNER' } })
      .toBuffer();
    expect(withExif.includes('SECRET-CAMERA-OWNER')).toBe(true);
    const polyglot = Buffer.concat([withExif, Buffer.from('<html><script>alert(1)</script></html>')]);
    const photo = await processPhoto(polyglot);
    expect(photo.image.includes('SECRET-CAMERA-OWNER')).toBe(false);
    expect(photo.image.includes('<script>')).toBe(false);
  });

  it('applies the EXIF orientation', async () => {
    const sideways = await picture(200, 100).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const photo = await processPhoto(sideways);
    expect(photo).toMatchObject({ width: 100, height: 200 });
    expect(await sharp(photo.image).metadata()).toMatchObject({ width: 100, height: 200 });
  });

  it('refuses a decompression bomb before decoding it', async () => {
    const side = Math.ceil(Math.sqrt(MAX_PHOTO_PIXELS)) + 10;
    const bomb = await picture(side, side).png({ compressionLevel: 9 }).toBuffer();
    expect(bomb.length).toBeLessThan(1_000_000);
    await expect(processPhoto(bomb)).rejects.toBeInstanceOf(TooManyPixelsError);
  });
});
