/** The embedded data modules must match domain/data; after changing data run domain/scripts/generate-data.ts. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generatedDir, renderGeneratedModules } from '../scripts/generate-data';

describe('src/generated', () => {
  it.each(Object.entries(renderGeneratedModules()))('%s is up to date with domain/data', (name, content) => {
    expect(readFileSync(generatedDir + name, 'utf8') === content, `run: npx tsx domain/scripts/generate-data.ts`).toBe(true);
  });

  it('keeps the country files licence notice next to the data', () => {
    const notice = readFileSync(new URL('../data/country-files/COPYRIGHT', import.meta.url), 'utf8');
    expect(notice).toContain('Jim Reisert AD1C');
    expect(notice).toContain('License: MIT');
  });
});
