// @vitest-environment node
import { createTheme, getContrastRatio } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { PLATFORM_SETTING_DEFAULTS } from '../../shared/settings';

/** WCAG 2 AA for normal text. */
const AA = 4.5;

describe('the default theme colours', () => {
  it.each([
    ['light', PLATFORM_SETTING_DEFAULTS.primaryColorLight],
    ['dark', PLATFORM_SETTING_DEFAULTS.primaryColorDark],
  ] as const)('pass WCAG AA for text on the %s primary and for primary text on the page', (mode, color) => {
    const { palette } = createTheme({ palette: { mode, primary: { main: color } } });
    expect(getContrastRatio(palette.primary.main, palette.primary.contrastText)).toBeGreaterThanOrEqual(AA);
    expect(getContrastRatio(palette.primary.main, palette.background.paper)).toBeGreaterThanOrEqual(AA);
  });

  it('is not the prototype-looking pure blue', () => {
    expect(PLATFORM_SETTING_DEFAULTS.primaryColorLight.toUpperCase()).not.toBe('#0000FF');
  });
});
