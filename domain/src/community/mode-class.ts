/**
 * The classes of mode the leaderboards and awards count by: CW, voice, data and SSTV. Voice is
 * SSB (with LSB and USB), AM, FM and digital voice (C4FM, DMR, D-STAR, FreeDV, M17); every other
 * mode, digital or not, is data. A sub-mode counts as its parent mode.
 */
import { parentModeOf } from '../modes';

export type ModeClass = 'CW' | 'VOICE' | 'DATA' | 'SSTV';
export const MODE_CLASSES: readonly ModeClass[] = ['CW', 'VOICE', 'DATA', 'SSTV'];

const VOICE_MODES: ReadonlySet<string> = new Set(['SSB', 'LSB', 'USB', 'AM', 'FM', 'DIGITALVOICE']);

/** The class of an ADIF mode or sub-mode (case-insensitive). */
export function modeClassOf(mode: string): ModeClass {
  const name = mode.trim().toUpperCase();
  const parent = parentModeOf(name) ?? name;
  if (name === 'CW' || parent === 'CW') return 'CW';
  if (name === 'SSTV') return 'SSTV';
  if (VOICE_MODES.has(name) || VOICE_MODES.has(parent)) return 'VOICE';
  return 'DATA';
}
