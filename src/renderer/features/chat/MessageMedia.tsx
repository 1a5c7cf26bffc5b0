import Close from '@mui/icons-material/Close';
import ContactPhone from '@mui/icons-material/ContactPhone';
import Download from '@mui/icons-material/Download';
import InsertDriveFile from '@mui/icons-material/InsertDriveFile';
import LocationOn from '@mui/icons-material/LocationOn';
import PhoneMissed from '@mui/icons-material/PhoneMissed';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPhoneNumber } from '../../../shared/phone-number';
import { toastError } from '../../ui/toast';
import { AudioPlayer } from './AudioPlayer';
import { parseLocation, parseVCard } from './message-format';
import type { ChatMessage } from './messages-cache';
import { useDownloadMedia, useMediaUrl } from './useMessageMedia';

/** Whether a media message's body is worth showing under it: a caption, not the file's bare name. */
export const isCaption = (message: ChatMessage) =>
  message.body.trim() !== '' && !/^[^\s/\\]+\.[A-Za-z0-9]{2,5}$/.test(message.body.trim());

function MediaState({ loading, failed }: { loading: boolean; failed: boolean }) {
  const { t } = useTranslation('chat');
  if (loading) return <CircularProgress size={24} aria-label={t('media.loading')} />;
  if (failed) return <Typography color="text.secondary">{t('media.unavailable')}</Typography>;
  return null;
}

function ImageMedia({ message }: { message: ChatMessage }) {
  const { t } = useTranslation('chat');
  const { url, loading, failed } = useMediaUrl(message);
  const [open, setOpen] = useState(false);
  if (!url) return <MediaState loading={loading} failed={failed} />;
  return (
    <>
      <ButtonBase
        onClick={() => setOpen(true)}
        aria-label={t('media.enlarge')}
        sx={{ borderRadius: 1, overflow: 'hidden', maxWidth: '100%' }}
      >
        <Box
          component="img"
          src={url}
          alt=""
          sx={{ display: 'block', maxWidth: 'min(280px, 100%)', maxHeight: 280, objectFit: 'cover' }}
        />
      </ButtonBase>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        maxWidth="lg"
        slotProps={{ paper: { 'aria-label': t('media.image') } }}
      >
        <IconButton
          onClick={() => setOpen(false)}
          aria-label={t('common:actions.close')}
          sx={{ position: 'absolute', top: 8, right: 8, bgcolor: 'background.paper' }}
        >
          <Close />
        </IconButton>
        <Box
          component="img"
          src={url}
          alt=""
          sx={{ display: 'block', maxWidth: '90vw', maxHeight: '90vh' }}
        />
      </Dialog>
    </>
  );
}

function VideoMedia({ message }: { message: ChatMessage }) {
  const { url, loading, failed } = useMediaUrl(message);
  if (!url) return <MediaState loading={loading} failed={failed} />;
  return (
    <Box
      component="video"
      src={url}
      controls
      preload="metadata"
      sx={{ display: 'block', maxWidth: 'min(320px, 100%)', maxHeight: 280 }}
    >
      <track kind="captions" />
    </Box>
  );
}

function AudioMedia({ message }: { message: ChatMessage }) {
  const { url, loading, failed } = useMediaUrl(message);
  if (!url) return <MediaState loading={loading} failed={failed} />;
  return <AudioPlayer src={url} />;
}

function DocumentMedia({ message }: { message: ChatMessage }) {
  const { t } = useTranslation('chat');
  const download = useDownloadMedia();
  const [busy, setBusy] = useState(false);
  const name = message.body.trim() || t('media.document');
  const save = async () => {
    setBusy(true);
    try {
      await download(message, name);
    } catch (error) {
      toastError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 200 }}>
      <InsertDriveFile color="action" />
      <Typography variant="body2" sx={{ flex: 1, wordBreak: 'break-all' }}>
        {name}
      </Typography>
      {message.id > 0 && message.mediaUrl !== null && (
        <IconButton onClick={save} disabled={busy} aria-label={t('media.download', { name })} size="small">
          {busy ? <CircularProgress size={18} /> : <Download fontSize="small" />}
        </IconButton>
      )}
    </Stack>
  );
}

function LocationMedia({ message }: { message: ChatMessage }) {
  const { t } = useTranslation('chat');
  const location = parseLocation(message.body);
  return (
    <Stack spacing={0.5}>
      {location.imageUrl && (
        <Box
          component="img"
          src={location.imageUrl}
          alt=""
          sx={{ maxWidth: 'min(240px, 100%)', borderRadius: 1 }}
        />
      )}
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
        <LocationOn fontSize="small" color="error" />
        {location.link ? (
          <Link href={location.link} target="_blank" rel="noopener noreferrer">
            {location.description || t('media.openLocation')}
          </Link>
        ) : (
          <Typography variant="body2">{location.description || t('media.location')}</Typography>
        )}
      </Stack>
    </Stack>
  );
}

function ContactCard({ message }: { message: ChatMessage }) {
  const { t } = useTranslation('chat');
  const card = parseVCard(message.body);
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 180 }}>
      <ContactPhone color="action" />
      <Box>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {card?.name || t('media.contact')}
        </Typography>
        {card?.number && (
          <Typography variant="caption" color="text.secondary">
            {formatPhoneNumber(card.number)}
          </Typography>
        )}
      </Box>
    </Stack>
  );
}

function CallLog({ message }: { message: ChatMessage }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <PhoneMissed color="error" fontSize="small" />
      <Typography variant="body2">{message.body}</Typography>
    </Stack>
  );
}

/** Renders a message's media; null for text messages. */
export function MessageMedia({ message }: { message: ChatMessage }) {
  switch (message.mediaType) {
    case 'image':
    case 'sticker':
      return <ImageMedia message={message} />;
    case 'video':
      return <VideoMedia message={message} />;
    case 'audio':
      return <AudioMedia message={message} />;
    case 'application':
    case 'document':
      return <DocumentMedia message={message} />;
    case 'locationMessage':
      return <LocationMedia message={message} />;
    case 'contactMessage':
      return <ContactCard message={message} />;
    case 'call_log':
      return <CallLog message={message} />;
    default:
      return null;
  }
}

/** Media kinds whose body is shown as a caption under the media. */
export const CAPTIONED_MEDIA = new Set(['image', 'sticker', 'video']);
/** Media kinds that show their own text: nothing else is written in the bubble. */
export const SELF_DESCRIBED_MEDIA = new Set([
  'audio',
  'application',
  'document',
  'locationMessage',
  'contactMessage',
  'call_log',
]);
