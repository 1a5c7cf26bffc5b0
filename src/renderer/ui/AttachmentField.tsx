import AttachFile from '@mui/icons-material/AttachFile';
import DeleteOutlineOutlined from '@mui/icons-material/DeleteOutlineOutlined';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface AttachmentFieldProps {
  /** The chosen or stored file's name; null: none. */
  name: string | null;
  /** Where the field's texts are (`namespace:path`): its `choose`, `none`, `remove` and `label`. */
  textsKey: string;
  /** The file input's accept list (MIME types or extensions). */
  accept?: string;
  onChoose(file: File): void;
  onRemove(): void;
}

/** One file of a form: a button to choose it, its name, and a button to take it away. */
export function AttachmentField({ name, textsKey, accept, onChoose, onRemove }: AttachmentFieldProps) {
  const { t } = useTranslation();
  const text = (key: string) => t(`${textsKey}.${key}`);
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Button
        variant="outlined"
        startIcon={<AttachFile />}
        onClick={() => input.current?.click()}
        aria-controls={inputId}
        sx={{ flexShrink: 0 }}
      >
        {text('choose')}
      </Button>
      <Typography
        variant="body2"
        color={name ? 'text.primary' : 'text.secondary'}
        noWrap
        sx={{ flex: 1, minWidth: 0 }}
      >
        {name ?? text('none')}
      </Typography>
      {name && (
        <Tooltip title={text('remove')}>
          <IconButton aria-label={text('remove')} onClick={onRemove}>
            <DeleteOutlineOutlined />
          </IconButton>
        </Tooltip>
      )}
      <input
        id={inputId}
        ref={input}
        type="file"
        hidden
        accept={accept}
        aria-label={text('label')}
        onChange={(event) => {
          const chosen = event.target.files?.[0];
          if (chosen) onChoose(chosen);
          event.target.value = '';
        }}
      />
    </Stack>
  );
}

/**
 * A form's attachment until it is saved: a file chosen, or the stored one taken away. `change` is what the
 * save does: upload `File`, remove (null), or leave it (undefined).
 */
export function usePendingFile(storedName: string | null) {
  const [file, setFile] = useState<File | null>(null);
  const [dropStored, setDropStored] = useState(false);
  return {
    file,
    name: file?.name ?? (dropStored ? null : storedName),
    change: file ?? (dropStored && storedName !== null ? null : undefined),
    choose: setFile,
    remove() {
      setFile(null);
      setDropStored(true);
    },
  };
}
