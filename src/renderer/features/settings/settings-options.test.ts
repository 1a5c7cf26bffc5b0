import { describe, expect, it } from 'vitest';
import { companySettingSchemas } from '../../../shared/settings';
import { controlFor, OPTION_GROUPS } from './settings-options';

describe('the options tab', () => {
  it('shows every company setting key exactly once', () => {
    const shown = OPTION_GROUPS.flatMap((group) => group.keys);
    expect([...shown].sort()).toEqual(Object.keys(companySettingSchemas).sort());
  });

  it('gives enabled/disabled keys a switch, other choices a select and texts a field', () => {
    expect(controlFor('userRating')).toEqual({ kind: 'switch' });
    expect(controlFor('scheduleType')).toEqual({
      kind: 'select',
      choices: ['disabled', 'company', 'queue', 'connection'],
    });
    expect(controlFor('chatBotType')).toEqual({ kind: 'select', choices: ['text', 'button', 'list'] });
    expect(controlFor('transferMessage')).toEqual({ kind: 'text', multiline: true });
    expect(controlFor('lgpdLink')).toEqual({ kind: 'text', multiline: false });
  });
});
