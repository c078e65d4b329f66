/** The real ADIF files the gateway tests import, and how they import them (as the web client's form does). */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { AdifImportAnswer } from '@hamlog/domain';
import type { ApiClient } from './server-harness';

const FIXTURES = join(import.meta.dirname, '..', '..', 'domain', 'test', 'fixtures', 'adif');

/** A fixture file's text (latin1: the bytes as they are). */
export const adifFixture = (name: string) => readFile(join(FIXTURES, name), 'latin1');

/** Imports a file through /vimportadif and expects it done. */
export async function importAdifText(base: string, client: ApiClient, fileName: string, text: string): Promise<AdifImportAnswer> {
  const form = new FormData();
  form.append('adif_file', new Blob([Buffer.from(text, 'latin1')]), fileName);
  const res = await fetch(`${base}/api/vimportadif`, { method: 'POST', headers: { authorization: `Bearer ${client.token}` }, body: form });
  const body = (await res.json()) as AdifImportAnswer;
  expect(res.status, JSON.stringify(body)).toBe(200);
  expect(body.done).toBe(true);
  return body;
}

/** A log with every TIME_ON some minutes later, as a station's own clock has it against LoTW's. */
export function shiftedLog(text: string, minutes: number): string {
  return text.replace(/<Time_On:6>(\d{2})(\d{2})(\d{2})/gi, (_all, h: string, m: string, s: string) => {
    const total = (Number(h) * 60 + Number(m) + minutes) % (24 * 60);
    return `<Time_On:6>${String(Math.floor(total / 60)).padStart(2, '0')}${String(total % 60).padStart(2, '0')}${s}`;
  });
}
