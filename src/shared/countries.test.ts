import { getCountries } from 'libphonenumber-js/min';
import { expect, it } from 'vitest';
import { COUNTRIES } from './countries';

it('lists the countries libphonenumber knows, in its order', () => {
  expect([...COUNTRIES]).toEqual(getCountries());
});
