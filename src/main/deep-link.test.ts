import { describe, expect, it } from 'vitest';
import { ticketOfArguments, ticketOfDeepLink } from './deep-link';

const uuid = '3f2b8c1e-9a4d-4e2f-8b6a-0c1d2e3f4a5b';

describe('deep links', () => {
  it('opens the ticket of atendo://tickets/{uuid}', () => {
    expect(ticketOfDeepLink(`atendo://tickets/${uuid}`)).toBe(uuid);
    expect(ticketOfDeepLink(`atendo://tickets/${uuid.toUpperCase()}/`)).toBe(uuid);
  });

  it('ignores anything else', () => {
    for (const url of [
      `https://tickets/${uuid}`,
      'atendo://tickets/not-a-uuid',
      `atendo://contacts/${uuid}`,
      `atendo://tickets/${uuid}/messages`,
      'atendo://tickets',
      'not a url',
    ]) {
      expect(ticketOfDeepLink(url), url).toBeNull();
    }
  });

  it('finds the link among a launch’s arguments', () => {
    expect(ticketOfArguments(['/opt/Atendo/atendo', '--no-sandbox', `atendo://tickets/${uuid}`])).toBe(uuid);
    expect(ticketOfArguments(['/opt/Atendo/atendo'])).toBeNull();
  });
});
