import AttachFile from '@mui/icons-material/AttachFile';
import Cancel from '@mui/icons-material/Cancel';
import Close from '@mui/icons-material/Close';
import Draw from '@mui/icons-material/Draw';
import EmojiEmotions from '@mui/icons-material/EmojiEmotions';
import Lock from '@mui/icons-material/Lock';
import LockOutlined from '@mui/icons-material/LockOutlined';
import Mic from '@mui/icons-material/Mic';
import Send from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Popover from '@mui/material/Popover';
import Stack from '@mui/material/Stack';
import { alpha } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { EmojiDataInput } from 'emoji-picker-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { QuickMessage } from '../../../shared/api/quick-messages';
import type { Ticket } from '../../../shared/api/tickets';
import { isLanguage, type Language } from '../../../shared/i18n/types';
import { toast, toastError } from '../../ui/toast';
import {
  QuickMessageSuggestions,
  useQuickMessageSuggestions,
} from '../quick-messages/QuickMessageSuggestions';
import { useDownloadQuickMessageMedia } from '../quick-messages/useQuickMessages';
import { CameraDialog } from './CameraDialog';
import { useChatState } from './chat-state';
import { type CaptionedFile, MediaPreviewDialog } from './MediaPreviewDialog';
import type { ChatMessage } from './messages-cache';
import { keepsRecording, recordingFileName } from './recording';
import { SendContactModal } from './SendContactModal';
import { isSendKey } from './send-key';
import { TemplatePickerDialog } from './TemplatePickerDialog';
import { type ComposerLock, composerLock } from './ticket-rules';
import { isUploadable, UPLOAD_ACCEPT } from './uploads';
import { useAudioRecorder } from './useAudioRecorder';
import { type Draft, useSendMessage } from './useMessages';
import { useSignature } from './useSignature';

// The picker is large; it loads the first time someone opens it.
/**
 * The picker's module, fetched once: when the composer has been idle a moment, or as the pointer or focus
 * reaches its button, so the first opening does not wait for it.
 */
const loadEmojiPicker = () => import('emoji-picker-react');
const EmojiPicker = lazy(loadEmojiPicker);
const PRELOAD_AFTER_MS = 2000;

/**
 * The picker's emoji names and categories in the UI language where the library has them (Turkish has
 * none: English). Module-scoped: a new loader identity would load again.
 */
const EMOJI_DATA: Partial<Record<Language, EmojiDataInput>> = {
  pt: () => import('emoji-picker-react/data/emojis-pt'),
  es: () => import('emoji-picker-react/data/emojis-es'),
};
// The picker's own size: the popover measures it before the lazy picker arrives, so it opens in view.
const EMOJI_PICKER_SIZE = { width: 350, height: 450 };

const quoteOf = (message: ChatMessage | null): Draft['quotedMsg'] =>
  message && { id: message.id, body: message.body, fromMe: message.fromMe, mediaType: message.mediaType };

function LockedComposer({ lock }: { lock: ComposerLock }) {
  const { t } = useTranslation('chat');
  return (
    <Paper
      square
      variant="outlined"
      sx={{ p: 2, display: 'flex', alignItems: 'center', gap: 1 }}
      role="status"
    >
      <LockOutlined color="disabled" />
      <Typography color="text.secondary">{t(`composer.locked.${lock}`)}</Typography>
    </Paper>
  );
}

function ReplyBar({ message, onCancel }: { message: ChatMessage; onCancel(): void }) {
  const { t } = useTranslation('chat');
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', px: 2, pt: 1 }}>
      <Box
        sx={{
          flex: 1,
          borderLeft: 4,
          borderColor: 'primary.main',
          bgcolor: 'action.hover',
          borderRadius: 1,
          px: 1,
          py: 0.5,
          minWidth: 0,
        }}
      >
        <Typography variant="caption" sx={{ fontWeight: 600 }}>
          {t('composer.replyingTo', {
            name: message.fromMe ? t('message.you') : (message.contact?.name ?? ''),
          })}
        </Typography>
        <Typography variant="body2" color="text.secondary" noWrap>
          {message.body}
        </Typography>
      </Box>
      <IconButton onClick={onCancel} aria-label={t('composer.cancelReply')} size="small">
        <Close fontSize="small" />
      </IconButton>
    </Stack>
  );
}

const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/**
 * 1-attendance §2: past the 24 h window the channel takes nothing free; the composer says so and writes
 * private notes only. The Cloud API takes approved templates instead, chosen in the picker.
 */
function ReplyWindowNotice({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation('chat');
  const [picking, setPicking] = useState(false);
  const templates = ticket.channel === 'whatsappapi';
  return (
    <Alert
      severity="info"
      role="status"
      sx={{ mx: 1, mt: 1 }}
      action={
        templates && (
          <Button color="inherit" size="small" onClick={() => setPicking(true)}>
            {t('composer.sendTemplate')}
          </Button>
        )
      }
    >
      {t(templates ? 'composer.windowClosedTemplates' : 'composer.windowClosed')}
      {picking && <TemplatePickerDialog ticket={ticket} onClose={() => setPicking(false)} />}
    </Alert>
  );
}

/** The composer of an accepted ticket (1-attendance §2, §5). */
function Composer({ ticket, windowClosed }: { ticket: Ticket; windowClosed: boolean }) {
  const { t, i18n } = useTranslation('chat');
  const { send } = useSendMessage(ticket);
  const signature = useSignature();
  const replyTo = useChatState((state) => state.replyTo);
  const setChat = useChatState((state) => state.set);
  const recorder = useAudioRecorder();
  const input = useRef<HTMLTextAreaElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [privateChosen, setPrivate] = useState(false);
  const isPrivate = privateChosen || windowClosed;
  const [files, setFiles] = useState<File[] | null>(null);
  const [emojiAnchor, setEmojiAnchor] = useState<HTMLElement | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => void loadEmojiPicker(), PRELOAD_AFTER_MS);
    return () => clearTimeout(timer);
  }, []);
  const [attachAnchor, setAttachAnchor] = useState<HTMLElement | null>(null);
  const [camera, setCamera] = useState(false);
  const [contactCard, setContactCard] = useState(false);
  const suggestions = useQuickMessageSuggestions(text);
  const downloadQuickMessageMedia = useDownloadQuickMessageMedia();

  const quotedMsg = quoteOf(replyTo);
  const afterSend = () => {
    setChat({ replyTo: null });
    input.current?.focus();
  };

  const submit = () => {
    const body = text.trim();
    // 1-attendance §5: an empty (trimmed) message is not sent.
    if (!body) return;
    setText('');
    afterSend();
    void send([{ body: isPrivate ? body : signature.apply(body), isPrivate, quotedMsg }]);
  };

  /**
   * 1-attendance §5: a chosen quick message fills the composer; one with an attachment sends the file
   * with the message as its caption instead (files cannot be private notes, so a note only takes the text).
   */
  const applyQuickMessage = async (quickMessage: QuickMessage) => {
    if (!quickMessage.mediaPath || isPrivate) {
      setText(quickMessage.message);
      requestAnimationFrame(() => {
        const end = quickMessage.message.length;
        input.current?.focus();
        input.current?.setSelectionRange(end, end);
      });
      return;
    }
    setText('');
    try {
      const data = await downloadQuickMessageMedia(quickMessage.id);
      afterSend();
      await send([
        {
          body: quickMessage.message,
          isPrivate: false,
          quotedMsg: null,
          file: {
            name: quickMessage.mediaName ?? quickMessage.shortcode,
            type: data.type || 'application/octet-stream',
            data,
          },
        },
      ]);
    } catch (error) {
      toastError(error);
    }
  };

  const chooseFiles = (chosen: File[]) => {
    const accepted = chosen.filter(isUploadable);
    if (accepted.length === 0) {
      // 1-attendance §8: only logged.
      console.info('Nenhuma mídia selecionada.');
      return;
    }
    setFiles(accepted);
  };

  // Files go as a form, which carries no quoted message (1-attendance §7): a reply waits for a text.
  const sendFiles = (items: CaptionedFile[]) => {
    setFiles(null);
    void send(
      items.map(({ file, caption }) => ({
        body: caption,
        isPrivate: false,
        quotedMsg: null,
        file: { name: file.name, type: file.type || 'application/octet-stream', data: file },
      })),
    );
  };

  const startRecording = async () => {
    try {
      await recorder.start();
    } catch {
      toast.error(t('composer.microphoneUnavailable'));
    }
  };

  const finishRecording = async () => {
    try {
      const audio = await recorder.finish();
      // 1-attendance §5: recordings under 10000 bytes are discarded.
      if (!keepsRecording(audio.size)) {
        toast.info(t('composer.recordingTooShort'));
        return;
      }
      await send([
        {
          body: '',
          isPrivate: false,
          quotedMsg: null,
          file: { name: recordingFileName(ticket.channel), type: 'audio/mpeg', data: audio },
        },
      ]);
    } catch (error) {
      toastError(error);
    }
  };

  const insertEmoji = (emoji: string) => {
    const element = input.current;
    const start = element?.selectionStart ?? text.length;
    const end = element?.selectionEnd ?? text.length;
    setText(text.slice(0, start) + emoji + text.slice(end));
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(start + emoji.length, start + emoji.length);
    });
  };

  if (recorder.state !== 'idle') {
    return (
      <Paper
        square
        variant="outlined"
        sx={{ p: 1, display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: 1 }}
      >
        <IconButton
          onClick={recorder.cancel}
          aria-label={t('composer.cancelRecording')}
          disabled={recorder.state === 'encoding'}
        >
          <Cancel color="error" />
        </IconButton>
        <Box sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: 'error.main' }} />
        <Typography
          role="timer"
          aria-label={t('composer.recording')}
          sx={{ fontVariantNumeric: 'tabular-nums' }}
        >
          {clock(recorder.seconds)}
        </Typography>
        <IconButton
          onClick={finishRecording}
          aria-label={t('composer.sendRecording')}
          disabled={recorder.state === 'encoding'}
          color="primary"
        >
          {recorder.state === 'encoding' ? <CircularProgress size={24} /> : <Send />}
        </IconButton>
      </Paper>
    );
  }

  return (
    <Paper square variant="outlined" sx={{ borderLeft: 0, borderRight: 0, borderBottom: 0 }}>
      {windowClosed && <ReplyWindowNotice ticket={ticket} />}
      {replyTo && <ReplyBar message={replyTo} onCancel={() => setChat({ replyTo: null })} />}
      <Stack direction="row" sx={{ alignItems: 'flex-end', flexWrap: 'wrap', gap: 0.5, p: 1 }}>
        <IconButton
          onClick={(event) => setEmojiAnchor(event.currentTarget)}
          onPointerEnter={() => void loadEmojiPicker()}
          onFocus={() => void loadEmojiPicker()}
          aria-label={t('composer.emoji')}
          aria-haspopup="dialog"
        >
          <EmojiEmotions />
        </IconButton>
        <IconButton
          onClick={(event) => setAttachAnchor(event.currentTarget)}
          aria-label={t('composer.attach')}
          aria-haspopup="menu"
          disabled={isPrivate}
        >
          <AttachFile />
        </IconButton>
        <Tooltip title={t(isPrivate ? 'composer.privateOn' : 'composer.privateOff')}>
          {/* A tooltip needs an element that still gets the pointer when the button is disabled. */}
          <span style={{ display: 'inline-flex' }}>
            <IconButton
              onClick={() => setPrivate(!privateChosen)}
              aria-label={t('composer.private')}
              aria-pressed={isPrivate}
              disabled={windowClosed}
              color={isPrivate ? 'warning' : 'default'}
            >
              {isPrivate ? <Lock /> : <LockOutlined />}
            </IconButton>
          </span>
        </Tooltip>
        {signature.mayChoose && !isPrivate && (
          <Tooltip title={t(signature.signs ? 'composer.signOn' : 'composer.signOff')}>
            <IconButton
              onClick={signature.toggle}
              aria-label={t('composer.sign')}
              aria-pressed={signature.signs}
              color={signature.signs ? 'primary' : 'default'}
            >
              <Draw />
            </IconButton>
          </Tooltip>
        )}
        <TextField
          inputRef={input}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (suggestions.handleKey(event, applyQuickMessage)) return;
            if (isSendKey(event)) {
              event.preventDefault();
              submit();
            }
          }}
          onPaste={(event) => {
            const pasted = [...event.clipboardData.files];
            if (pasted.length > 0 && !isPrivate) {
              event.preventDefault();
              chooseFiles(pasted);
            }
          }}
          placeholder={t(isPrivate ? 'composer.privatePlaceholder' : 'composer.placeholder')}
          multiline
          maxRows={6}
          fullWidth
          size="small"
          autoFocus
          slotProps={{
            htmlInput: {
              'aria-label': t('composer.message'),
              'aria-controls': suggestions.open ? suggestions.listId : undefined,
              'aria-activedescendant': suggestions.activeId,
            },
          }}
          sx={(theme) => ({
            // On a narrow pane the field takes a row of its own under the buttons.
            flex: '1 1 200px',
            minWidth: 0,
            '& .MuiInputBase-root': {
              bgcolor: isPrivate ? alpha(theme.palette.warning.main, 0.12) : 'background.paper',
              borderRadius: 2,
            },
          })}
        />
        {text.trim() !== '' || isPrivate ? (
          <IconButton
            onClick={submit}
            aria-label={t('composer.send')}
            color="primary"
            disabled={text.trim() === ''}
          >
            <Send />
          </IconButton>
        ) : (
          <IconButton onClick={startRecording} aria-label={t('composer.record')}>
            <Mic />
          </IconButton>
        )}
      </Stack>

      <input
        ref={fileInput}
        type="file"
        multiple
        accept={UPLOAD_ACCEPT}
        hidden
        aria-label={t('composer.chooseFiles')}
        onChange={(event) => {
          chooseFiles([...(event.target.files ?? [])]);
          event.target.value = '';
        }}
      />
      <Menu anchorEl={attachAnchor} open={attachAnchor !== null} onClose={() => setAttachAnchor(null)}>
        <MenuItem
          onClick={() => {
            setAttachAnchor(null);
            fileInput.current?.click();
          }}
        >
          {t('composer.attachFile')}
        </MenuItem>
        <MenuItem
          onClick={() => {
            setAttachAnchor(null);
            setCamera(true);
          }}
        >
          {t('composer.attachCamera')}
        </MenuItem>
        <MenuItem
          onClick={() => {
            setAttachAnchor(null);
            setContactCard(true);
          }}
        >
          {t('composer.attachContact')}
        </MenuItem>
      </Menu>
      <Popover
        open={emojiAnchor !== null}
        anchorEl={emojiAnchor}
        onClose={() => setEmojiAnchor(null)}
        anchorOrigin={{ vertical: 'top', horizontal: 'left' }}
        transformOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      >
        <Box sx={{ ...EMOJI_PICKER_SIZE, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
          <Suspense fallback={<CircularProgress aria-label={t('composer.emojiLoading')} />}>
            <EmojiPicker
              {...EMOJI_PICKER_SIZE}
              onEmojiClick={({ emoji }) => insertEmoji(emoji)}
              lazyLoadEmojis
              emojiData={isLanguage(i18n.language) ? EMOJI_DATA[i18n.language] : undefined}
              labels={{
                searchPlaceholder: t('composer.emojiSearch'),
                searchLabel: t('composer.emojiSearch'),
                searchResultsNone: t('composer.emojiNone'),
                loading: t('composer.emojiLoading'),
              }}
            />
          </Suspense>
        </Box>
      </Popover>
      <QuickMessageSuggestions anchor={input.current} state={suggestions} onChoose={applyQuickMessage} />
      {files && <MediaPreviewDialog files={files} onClose={() => setFiles(null)} onSend={sendFiles} />}
      {camera && (
        <CameraDialog
          onClose={() => setCamera(false)}
          onCapture={(photo) => {
            setCamera(false);
            setFiles([photo]);
          }}
        />
      )}
      {contactCard && (
        <SendContactModal
          onClose={() => setContactCard(false)}
          onSend={(vCard) => {
            setContactCard(false);
            afterSend();
            void send([{ body: '', isPrivate: false, quotedMsg, vCard }]);
          }}
        />
      )}
    </Paper>
  );
}

/** The composer, or why the attendant cannot write yet (reading is always allowed). */
export function MessageInput({ ticket, windowClosed }: { ticket: Ticket; windowClosed: boolean }) {
  const lock = composerLock(ticket);
  return lock ? <LockedComposer lock={lock} /> : <Composer ticket={ticket} windowClosed={windowClosed} />;
}
