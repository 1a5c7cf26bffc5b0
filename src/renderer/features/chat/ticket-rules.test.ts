// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { composerLock, headerActions } from './ticket-rules';

describe('the chat header actions', () => {
  it('offers accept on a pending ticket, and ignore only to those allowed to close pending tickets', () => {
    expect(headerActions({ status: 'pending' }, false)).toEqual(['accept']);
    expect(headerActions({ status: 'pending' }, true)).toEqual(['accept', 'ignore']);
  });

  it('offers return to queue, resolve and transfer on open and group tickets', () => {
    expect(headerActions({ status: 'open' }, false)).toEqual(['returnToQueue', 'resolve', 'transfer']);
    expect(headerActions({ status: 'group' }, false)).toEqual(['returnToQueue', 'resolve', 'transfer']);
  });

  it('offers reopen on a closed ticket', () => {
    expect(headerActions({ status: 'closed' }, false)).toEqual(['reopen']);
  });
});

describe('the composer', () => {
  it('is open on accepted tickets only; reading is always allowed', () => {
    expect(composerLock({ status: 'open' })).toBeNull();
    expect(composerLock({ status: 'group' })).toBeNull();
    expect(composerLock({ status: 'pending' })).toBe('pending');
    expect(composerLock({ status: 'closed' })).toBe('closed');
    expect(composerLock({ status: 'nps' })).toBe('automation');
  });
});
