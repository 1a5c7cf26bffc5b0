import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserOptions } from '../tickets/useTicketsList';

type UserOption = NonNullable<ReturnType<typeof useUserOptions>['data']>[number];

interface UserSearchFieldProps {
  label: string;
  /** The chosen user's id. */
  value: number | null;
  onChange(user: UserOption | null): void;
  autoFocus?: boolean;
  error?: boolean;
  helperText?: string | undefined;
  size?: 'small' | 'medium';
}

/**
 * A company user (1-attendance §2 transfer, 2-administration §5 chatbot attendant): the company's users
 * are read once and all listed at once (a small shop has three); typing narrows them by name.
 */
export function UserSearchField({
  label,
  value,
  onChange,
  autoFocus,
  error,
  helperText,
  size,
}: UserSearchFieldProps) {
  const { t } = useTranslation();
  const users = useUserOptions();
  const [typed, setTyped] = useState('');
  const chosen = users.data?.find((u) => u.id === value) ?? null;
  const needle = typed.trim().toLowerCase();
  const options = useMemo(
    () => (users.data ?? []).filter((u) => u.name.toLowerCase().includes(needle)),
    [users.data, needle],
  );
  return (
    <Autocomplete
      options={chosen && !options.includes(chosen) ? [chosen, ...options] : options}
      value={chosen}
      onChange={(_, user) => onChange(user)}
      inputValue={typed}
      onInputChange={(_, next) => setTyped(next)}
      getOptionLabel={(user) => user.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      filterOptions={(list) => list}
      loading={users.isLoading}
      loadingText={t('loading')}
      noOptionsText={t('lookup.noOptions')}
      size={size}
      fullWidth
      renderInput={(params) => (
        <TextField {...params} label={label} autoFocus={autoFocus} error={error} helperText={helperText} />
      )}
    />
  );
}
