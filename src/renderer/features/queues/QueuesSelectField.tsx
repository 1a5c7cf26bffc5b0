import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import type { Control, FieldValues, Path } from 'react-hook-form';
import { FormTextField } from '../../ui/FormFields';
import { useQueues } from './useQueues';

interface QueuesSelectFieldProps<T extends FieldValues> {
  control: Control<T>;
  /** A field holding queue ids. */
  name: Path<T>;
  label: string;
}

/** A choice of several of the company's queues, the chosen ones as chips in their colours. */
export function QueuesSelectField<T extends FieldValues>({
  control,
  name,
  label,
}: QueuesSelectFieldProps<T>) {
  const queues = useQueues();
  const byId = new Map((queues.data ?? []).map((queue) => [queue.id, queue]));

  return (
    <FormTextField
      control={control}
      name={name}
      select
      label={label}
      slotProps={{
        select: {
          multiple: true,
          renderValue: (selected) => (
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
              {(selected as number[]).map((id) => {
                const queue = byId.get(id);
                return (
                  <Chip
                    key={id}
                    size="small"
                    label={queue?.name ?? id}
                    sx={{ bgcolor: queue?.color, color: 'common.white' }}
                  />
                );
              })}
            </Box>
          ),
        },
      }}
    >
      {(queues.data ?? []).map((queue) => (
        <MenuItem key={queue.id} value={queue.id}>
          {queue.name}
        </MenuItem>
      ))}
    </FormTextField>
  );
}
