import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Contact } from '../../../shared/api/contacts';
import { formatPhoneNumber } from '../../../shared/phone-number';
import { SEARCH_DEBOUNCE_MS, useDebounced } from '../../ui/useDebounced';
import { LOOKUP_MIN_CHARS } from './ticket-forms';
import { useContactSearch } from './useTicketsList';

interface ContactSearchFieldProps {
  label: string;
  value: Contact | null;
  onChange(contact: Contact | null): void;
  getOptionDisabled?(contact: Contact): boolean;
  required?: boolean;
  autoFocus?: boolean;
  error?: boolean;
  helperText?: string;
}

/** A contact chosen by name or number, searched from 3 typed characters after the 500 ms pause (§5, §9). */
export function ContactSearchField({
  label,
  value,
  onChange,
  getOptionDisabled,
  required,
  autoFocus,
  error,
  helperText,
}: ContactSearchFieldProps) {
  const { t } = useTranslation('tickets');
  const [typed, setTyped] = useState('');
  const term = useDebounced(typed.trim(), SEARCH_DEBOUNCE_MS);
  const short = term.length < LOOKUP_MIN_CHARS;
  const found = useContactSearch(term, !short);
  const options = short ? [] : (found.data ?? []);

  return (
    <Autocomplete
      // The chosen contact stays an option while a new search runs.
      options={value && !options.some((c) => c.id === value.id) ? [value, ...options] : options}
      value={value}
      onChange={(_, contact) => onChange(contact)}
      inputValue={typed}
      onInputChange={(_, text) => setTyped(text)}
      getOptionLabel={(contact) => `${contact.name} - ${formatPhoneNumber(contact.number)}`}
      getOptionDisabled={getOptionDisabled}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      filterOptions={(list) => list}
      loading={found.isFetching}
      loadingText={t('dialogs.loading')}
      noOptionsText={short ? t('common:lookup.typeMore') : t('common:lookup.noOptions')}
      renderInput={(params) => (
        <TextField
          {...params}
          required={required}
          autoFocus={autoFocus}
          label={label}
          error={error}
          helperText={helperText}
        />
      )}
    />
  );
}
