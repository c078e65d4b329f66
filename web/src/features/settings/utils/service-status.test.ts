import { describe, expect, it } from 'vitest';
import { connectedState, serviceState } from '../testing/service-states';
import { countFigures, statusBadge, statusWords } from './service-status';

const NOW = new Date('2026-11-21T12:00:00Z');

describe('a service sync in words', () => {
  it('says each status', () => {
    expect(statusWords(serviceState('lotw'), NOW)).toBe('Not connected');
    expect(statusWords(connectedState('qrz', { last_sync_at: '2026-11-21T11:55:00Z' }), NOW)).toBe('Synced 5 minutes ago');
    expect(statusWords(connectedState('qrz', { last_sync_at: '2026-11-21T11:59:30Z' }), NOW)).toBe('Synced just now');
    expect(statusWords(connectedState('qrz'), NOW)).toBe('Not synced yet');
    expect(statusWords(connectedState('qrz', { status: 'queued' }), NOW)).toBe('Waiting to sync');
    expect(statusWords(connectedState('qrz', { status: 'syncing' }), NOW)).toBe('Syncing…');
    expect(statusWords(connectedState('eqsl', { status: 'error', last_error: 'eQSL could not be reached.' }), NOW)).toBe('Error: eQSL could not be reached.');
    expect(statusWords(connectedState('clublog', { status: 'stopped', last_error: 'Club Log blocked HamLog (403).' }), NOW)).toBe('Stopped: Club Log blocked HamLog (403). Connect again to go on.');
    expect(statusWords(connectedState('clublog', { status: 'stopped' }), NOW)).toBe('Stopped: Club Log refused HamLog. Connect again to go on.');
  });

  it('badges the status in words, the colour repeating them', () => {
    expect(statusBadge('idle')).toEqual({ label: 'Connected', tone: 'badge-success' });
    expect(statusBadge('syncing')).toEqual({ label: 'Connected', tone: 'badge-success' });
    expect(statusBadge('error')).toEqual({ label: 'Connected, failing', tone: 'badge-warning' });
    expect(statusBadge('stopped')).toEqual({ label: 'Stopped', tone: 'badge-danger' });
    expect(statusBadge('not-connected')).toEqual({ label: 'Not connected', tone: 'badge-muted' });
  });

  it('labels the figures: waiting is still to send, refused is what the service said no to', () => {
    expect(countFigures(connectedState('qrz', { counts: { uploaded: 5, confirmed: 2, pending: 1, rejected: 3 } }))).toEqual([
      ['Uploaded', 5],
      ['Confirmed', 2],
      ['Waiting', 1],
      ['Refused', 3],
    ]);
  });
});
