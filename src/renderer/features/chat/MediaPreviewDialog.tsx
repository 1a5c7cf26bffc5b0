import Close from '@mui/icons-material/Close';
import InsertDriveFile from '@mui/icons-material/InsertDriveFile';
import Send from '@mui/icons-material/Send';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import DialogContent from '@mui/material/DialogContent';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogSubmitActions } from '../../ui/DialogSubmitActions';
import { TitledDialog } from '../../ui/TitledDialog';
import { isSendKey } from './send-key';
import { previewKind } from './uploads';

export interface CaptionedFile {
  file: File;
  caption: string;
}

interface MediaPreviewDialogProps {
  files: File[];
  onClose(): void;
  onSend(items: CaptionedFile[]): void;
}

/** Object URLs for the files shown, revoked when the dialog goes away. */
function useFileUrls(files: File[]) {
  const urls = useMemo(() => files.map((file) => URL.createObjectURL(file)), [files]);
  useEffect(
    () => () => {
      for (const url of urls) URL.revokeObjectURL(url);
    },
    [urls],
  );
  return urls;
}

function Preview({ file, url }: { file: File; url: string }) {
  switch (previewKind(file.type)) {
    case 'image':
      return (
        <Box
          component="img"
          src={url}
          alt={file.name}
          sx={{ maxWidth: '100%', maxHeight: '50vh', objectFit: 'contain' }}
        />
      );
    case 'video':
      return (
        <Box component="video" src={url} controls sx={{ maxWidth: '100%', maxHeight: '50vh' }}>
          <track kind="captions" />
        </Box>
      );
    case 'audio':
      return (
        <audio src={url} controls>
          <track kind="captions" />
        </audio>
      );
    default:
      return (
        <Stack spacing={1} sx={{ alignItems: 'center' }}>
          <InsertDriveFile sx={{ fontSize: 64 }} color="action" />
          <Typography>{file.name}</Typography>
        </Stack>
      );
  }
}

/**
 * 1-attendance §2: the files about to be sent, each with its own caption (up to 5 rows). Sending sends
 * them all, in order.
 */
export function MediaPreviewDialog({ files: initial, onClose, onSend }: MediaPreviewDialogProps) {
  const { t } = useTranslation('chat');
  const [files, setFiles] = useState(initial);
  const [captions, setCaptions] = useState<string[]>(() => initial.map(() => ''));
  const [selected, setSelected] = useState(0);
  const urls = useFileUrls(files);
  const current = Math.min(selected, files.length - 1);

  const remove = (index: number) => {
    setFiles((list) => list.filter((_, i) => i !== index));
    setCaptions((list) => list.filter((_, i) => i !== index));
    if (files.length === 1) onClose();
  };

  const send = () => {
    if (files.length === 0) {
      // 1-attendance §8: only logged, the dialog simply has nothing to send.
      console.info('Nenhuma mídia selecionada.');
      return;
    }
    onSend(files.map((file, i) => ({ file, caption: captions[i].trim() })));
  };

  return (
    <TitledDialog open title={t('preview.title', { count: files.length })} onClose={onClose} maxWidth="sm">
      <IconButton
        onClick={onClose}
        aria-label={t('common:actions.close')}
        sx={{ position: 'absolute', top: 8, right: 8 }}
      >
        <Close />
      </IconButton>
      <DialogContent dividers>
        {files[current] && (
          <Stack spacing={2}>
            <Box sx={{ display: 'flex', justifyContent: 'center', minHeight: 120, alignItems: 'center' }}>
              <Preview file={files[current]} url={urls[current]} />
            </Box>
            <TextField
              label={t('preview.caption')}
              value={captions[current]}
              onChange={(event) => {
                const value = event.target.value;
                setCaptions((list) => list.map((c, i) => (i === current ? value : c)));
              }}
              onKeyDown={(event) => {
                if (isSendKey(event)) {
                  event.preventDefault();
                  send();
                }
              }}
              multiline
              maxRows={5}
              fullWidth
              autoFocus
            />
            {files.length > 1 && (
              <Stack
                direction="row"
                spacing={1}
                sx={{ overflowX: 'auto', py: 1 }}
                role="list"
                aria-label={t('preview.files')}
              >
                {files.map((file, i) => (
                  <Badge
                    key={`${file.name}:${file.size}:${file.lastModified}`}
                    role="listitem"
                    overlap="rectangular"
                    badgeContent={
                      <IconButton
                        size="small"
                        onClick={() => remove(i)}
                        aria-label={t('preview.remove', { name: file.name })}
                        sx={{ bgcolor: 'background.paper', p: 0.25, boxShadow: 1 }}
                      >
                        <Close sx={{ fontSize: 14 }} />
                      </IconButton>
                    }
                  >
                    <ButtonBase
                      onClick={() => setSelected(i)}
                      aria-label={t('preview.select', { name: file.name })}
                      aria-pressed={i === current}
                      sx={{
                        width: 64,
                        height: 64,
                        borderRadius: 1,
                        overflow: 'hidden',
                        border: 2,
                        borderColor: i === current ? 'primary.main' : 'divider',
                      }}
                    >
                      {previewKind(file.type) === 'image' ? (
                        <Box
                          component="img"
                          src={urls[i]}
                          alt=""
                          sx={{ width: '100%', height: '100%', objectFit: 'cover' }}
                        />
                      ) : (
                        <InsertDriveFile color="action" />
                      )}
                    </ButtonBase>
                  </Badge>
                ))}
              </Stack>
            )}
          </Stack>
        )}
      </DialogContent>
      <DialogSubmitActions
        submitLabel={t('preview.send')}
        onCancel={onClose}
        onSubmit={send}
        disabled={files.length === 0}
        endIcon={<Send />}
      />
    </TitledDialog>
  );
}
