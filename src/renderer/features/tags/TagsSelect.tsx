import Autocomplete from '@mui/material/Autocomplete';
import type { SxProps, Theme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import type { Tag } from '../../../shared/api/tags';
import { ColorChip } from '../../ui/ColorChip';

interface TagsSelectProps {
  label: string;
  options: readonly Pick<Tag, 'id' | 'name' | 'color'>[];
  /** The chosen tags' ids. */
  value: readonly number[];
  onChange(tagIds: number[]): void;
  noOptionsText?: string;
  size?: 'small';
  sx?: SxProps<Theme>;
}

/** A choice of several tags, each shown as a chip in its colour. */
export function TagsSelect({ label, options, value, onChange, noOptionsText, size, sx }: TagsSelectProps) {
  return (
    <Autocomplete
      multiple
      size={size}
      options={options}
      value={options.filter((tag) => value.includes(tag.id))}
      onChange={(_, tags) => onChange(tags.map((tag) => tag.id))}
      getOptionLabel={(tag) => tag.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      noOptionsText={noOptionsText}
      renderValue={(tags, getItemProps) =>
        tags.map((tag, index) => {
          const { key, ...item } = getItemProps({ index });
          return <ColorChip key={key} {...item} size="small" label={tag.name} color={tag.color} />;
        })
      }
      renderInput={(params) => <TextField {...params} label={label} />}
      sx={sx}
    />
  );
}
