import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FileList } from '../../../shared/api/files';
import { SEARCH_DEBOUNCE_MS, useDebounced } from '../../ui/useDebounced';
import { useFileListOptions, useFileListRef } from './useFiles';

interface FileListPickerProps {
  label: string;
  /** The chosen list's id. */
  value: number | null;
  onChange(id: number | null): void;
  error?: boolean;
  helperText?: string | undefined;
  size?: 'small' | 'medium';
}

/** A file list of the company, searched by name (3-automation: the queue's and the file option's list). */
export function FileListPicker({ label, value, onChange, error, helperText, size }: FileListPickerProps) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const searchParam = useDebounced(typed.trim(), SEARCH_DEBOUNCE_MS);
  const found = useFileListOptions(searchParam);
  // The chosen list shows by name even when the search does not hold it.
  const chosen = useFileListRef(value);
  const options = found.data?.files ?? [];
  const shown: FileList[] =
    chosen && !options.some((f) => f.id === chosen.id) ? [chosen, ...options] : options;
  return (
    <Autocomplete
      options={shown}
      value={chosen ?? null}
      onChange={(_, list) => onChange(list?.id ?? null)}
      onInputChange={(_, next, reason) => reason === 'input' && setTyped(next)}
      getOptionLabel={(list) => list.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      filterOptions={(list) => list}
      loading={found.isFetching}
      loadingText={t('loading')}
      noOptionsText={t('lookup.noOptions')}
      size={size}
      fullWidth
      renderInput={(params) => <TextField {...params} label={label} error={error} helperText={helperText} />}
    />
  );
}
