import Block from '@mui/icons-material/Block';
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Lock from '@mui/icons-material/Lock';
import Shortcut from '@mui/icons-material/Shortcut';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { alpha } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../app/session';
import { ActionsMenu } from '../../ui/ActionsMenu';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { AckIcon } from './AckIcon';
import { useChatState } from './chat-state';
import { CAPTIONED_MEDIA, isCaption, MessageMedia, SELF_DESCRIBED_MEDIA } from './MessageMedia';
import { MessageText } from './MessageText';
import { canDeleteMessage, canEditMessage } from './message-rules';
import type { ChatMessage } from './messages-cache';
import { isSendKey } from './send-key';
import type { Reaction } from './timeline';
import { formatTime } from './timeline';
import { useDeleteMessage, useEditMessage, useSendMessage } from './useMessages';

export interface MessageBubbleProps {
  message: ChatMessage;
  ticket: { id: number; uuid: string };
  startsGroup: boolean;
  showSender: boolean;
  reactions: Reaction[];
  /** enableLGPD and lgpdDeleteMessage: a deleted message shows nothing of what it said. */
  hidesDeleted: boolean;
  /** Writing is allowed (reply and edit need it). */
  canWrite: boolean;
  /** The message a search result opened the chat on: outlined. */
  found?: boolean;
}

function QuotedMessage({
  quoted,
  contactName,
}: {
  quoted: NonNullable<ChatMessage['quotedMsg']>;
  contactName: string;
}) {
  const { t } = useTranslation('chat');
  const text =
    quoted.mediaType && quoted.mediaType !== 'chat' && !quoted.body
      ? t(`mediaLabel.${quoted.mediaType}`, { defaultValue: t('mediaLabel.application') })
      : quoted.body;
  return (
    <Box
      sx={{
        borderLeft: 4,
        borderColor: quoted.fromMe ? 'primary.main' : 'success.main',
        bgcolor: (theme) => alpha(theme.palette.text.primary, 0.05),
        borderRadius: 1,
        px: 1,
        py: 0.5,
        mb: 0.5,
      }}
    >
      <Typography variant="caption" sx={{ fontWeight: 600, display: 'block' }}>
        {quoted.fromMe ? t('message.you') : contactName}
      </Typography>
      <Typography
        variant="body2"
        color="text.secondary"
        sx={{ display: '-webkit-box', WebkitLineClamp: 3, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}
      >
        {text}
      </Typography>
    </Box>
  );
}

function InlineEditor({
  message,
  ticketUuid,
  onDone,
}: {
  message: ChatMessage;
  ticketUuid: string;
  onDone(): void;
}) {
  const { t } = useTranslation('chat');
  const [body, setBody] = useState(message.body);
  const edit = useEditMessage(ticketUuid);
  const save = () => {
    const text = body.trim();
    if (!text || text === message.body) return onDone();
    edit.mutate({ messageId: message.id, body: text }, { onSuccess: onDone });
  };
  return (
    <Stack spacing={1} sx={{ minWidth: 240 }}>
      <TextField
        value={body}
        onChange={(event) => setBody(event.target.value)}
        onKeyDown={(event) => {
          if (isSendKey(event)) {
            event.preventDefault();
            save();
          } else if (event.key === 'Escape') {
            onDone();
          }
        }}
        multiline
        maxRows={6}
        size="small"
        autoFocus
        slotProps={{ htmlInput: { 'aria-label': t('edit.field') } }}
      />
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button size="small" color="inherit" onClick={onDone}>
          {t('common:actions.cancel')}
        </Button>
        <Button
          size="small"
          variant="contained"
          onClick={save}
          disabled={edit.isPending}
          aria-label={t('edit.save')}
        >
          {t('common:actions.save')}
        </Button>
      </Stack>
    </Stack>
  );
}

function MessageActions({
  message,
  ticketUuid,
  canWrite,
}: {
  message: ChatMessage;
  ticketUuid: string;
  canWrite: boolean;
}) {
  const { t } = useTranslation('chat');
  const user = useCurrentUser();
  const setChat = useChatState((state) => state.set);
  const remove = useDeleteMessage(ticketUuid);
  const [confirming, setConfirming] = useState(false);
  const forwardable = !message.isPrivate && !message.isDeleted;
  const actions = [
    canWrite && !message.isDeleted && { key: 'reply', run: () => setChat({ replyTo: message }) },
    forwardable && { key: 'forward', run: () => setChat({ forwarding: [message] }) },
    forwardable && { key: 'select', run: () => setChat({ selectedIds: [message.id] }) },
    canWrite &&
      canEditMessage(message, user.id, Date.now()) && {
        key: 'edit',
        run: () => setChat({ editingId: message.id }),
      },
    canDeleteMessage(message, user.id) && { key: 'delete', run: () => setConfirming(true) },
  ];
  return (
    <>
      <ActionsMenu
        label={t('message.options')}
        icon={<ExpandMore fontSize="small" />}
        actions={actions}
        actionLabel={(key) => t(`message.actions.${key}`)}
        size="small"
        className="message-actions"
        sx={{ position: 'absolute', top: 2, right: 2, p: 0.25, bgcolor: 'inherit' }}
      />
      <ConfirmDialog
        open={confirming}
        title={t('message.confirmDelete.title')}
        onClose={() => setConfirming(false)}
        onConfirm={() => remove.mutate(message.id)}
      >
        {t('message.confirmDelete.message')}
      </ConfirmDialog>
    </>
  );
}

function FailedBubbleActions({
  message,
  ticket,
}: {
  message: ChatMessage;
  ticket: { id: number; uuid: string };
}) {
  const { t } = useTranslation('chat');
  const { retry, discard } = useSendMessage(ticket);
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 0.5 }}>
      <ErrorOutline color="error" fontSize="small" />
      <Typography variant="caption" color="error">
        {t('message.failed')}
      </Typography>
      <Button size="small" onClick={() => void retry(message)}>
        {t('message.retry')}
      </Button>
      <Button size="small" color="inherit" onClick={() => discard(message)}>
        {t('message.discard')}
      </Button>
    </Stack>
  );
}

/** Whether the bubble writes the message's text: a text, a caption, anything but a file's own label. */
function showsBody(message: ChatMessage) {
  if (message.body === '') return false;
  const mediaType = message.mediaType;
  if (!mediaType || mediaType === 'chat') return true;
  if (CAPTIONED_MEDIA.has(mediaType)) return isCaption(message);
  return !SELF_DESCRIBED_MEDIA.has(mediaType);
}

/** One message: author, quote, media, text, labels, time and ack, with its actions. */
export const MessageBubble = memo(function MessageBubble({
  message,
  ticket,
  startsGroup,
  showSender,
  reactions,
  hidesDeleted,
  canWrite,
  found,
}: MessageBubbleProps) {
  const { t } = useTranslation('chat');
  const editing = useChatState((state) => state.editingId === message.id);
  const selectedIds = useChatState((state) => state.selectedIds);
  const toggleSelected = useChatState((state) => state.toggleSelected);
  const setChat = useChatState((state) => state.set);
  const mine = message.fromMe;
  const hidden = message.isDeleted && hidesDeleted;
  const mediaType = message.mediaType && message.mediaType !== 'chat' ? message.mediaType : null;
  const showsText = !hidden && showsBody(message);
  const selectable = selectedIds !== null && message.id > 0 && !message.isPrivate && !message.isDeleted;
  const contactName = message.contact?.name ?? '';

  return (
    <Stack
      direction="row"
      sx={{
        px: 2,
        pt: startsGroup ? 1 : 0.25,
        mb: reactions.length > 0 ? 1.5 : 0,
        justifyContent: mine ? 'flex-end' : 'flex-start',
        alignItems: 'center',
        gap: 1,
      }}
    >
      {selectedIds !== null && (
        <Checkbox
          checked={selectedIds.includes(message.id)}
          disabled={!selectable}
          onChange={() => toggleSelected(message.id)}
          size="small"
          slotProps={{
            input: { 'aria-label': t('select.message', { time: formatTime(message.createdAt) }) },
          }}
          sx={{ order: mine ? 0 : 2, visibility: selectable ? 'visible' : 'hidden' }}
        />
      )}
      <Box
        data-message-id={message.id > 0 ? message.id : undefined}
        data-found={found || undefined}
        sx={(theme) => ({
          outline: found ? `3px solid ${theme.palette.warning.main}` : undefined,
          outlineOffset: 2,
          position: 'relative',
          order: 1,
          maxWidth: 'min(600px, 80%)',
          minWidth: 90,
          px: 1.25,
          pt: 0.75,
          pb: 0.5,
          pr: 4,
          borderRadius: 2,
          borderTopRightRadius: mine && startsGroup ? 0 : undefined,
          borderTopLeftRadius: !mine && startsGroup ? 0 : undefined,
          boxShadow: 1,
          bgcolor: message.isPrivate
            ? alpha(theme.palette.warning.main, 0.18)
            : mine
              ? alpha(theme.palette.primary.main, theme.palette.mode === 'dark' ? 0.3 : 0.12)
              : 'background.paper',
          border: message.isPrivate ? `1px dashed ${theme.palette.warning.main}` : undefined,
          '& .message-actions': { opacity: 0 },
          '&:hover .message-actions, & .message-actions:focus-visible, & .message-actions[aria-expanded="true"]':
            {
              opacity: 1,
            },
        })}
      >
        {message.isPrivate && (
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', color: 'warning.dark', mb: 0.25 }}>
            <Lock sx={{ fontSize: 14 }} />
            <Typography variant="caption" sx={{ fontWeight: 600 }}>
              {t('message.privateNote', { name: message.user?.name ?? '' })}
            </Typography>
          </Stack>
        )}
        {showSender && (
          <Typography variant="caption" color="primary" sx={{ fontWeight: 600, display: 'block' }}>
            {message.contact?.name ?? message.participant}
          </Typography>
        )}
        {message.isForwarded && (
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', color: 'text.secondary' }}>
            <Shortcut sx={{ fontSize: 14 }} />
            <Typography variant="caption" sx={{ fontStyle: 'italic' }}>
              {t('message.forwarded')}
            </Typography>
          </Stack>
        )}
        {message.isDeleted && (
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', color: 'text.secondary' }}>
            <Block sx={{ fontSize: 14 }} />
            <Typography variant="body2" sx={{ fontStyle: 'italic' }}>
              {t('message.deleted')}
            </Typography>
          </Stack>
        )}
        {!hidden && message.quotedMsg && (
          <QuotedMessage quoted={message.quotedMsg} contactName={contactName} />
        )}
        {editing ? (
          <InlineEditor
            message={message}
            ticketUuid={ticket.uuid}
            onDone={() => setChat({ editingId: null })}
          />
        ) : (
          <Box
            sx={{
              opacity: message.isDeleted ? 0.6 : 1,
              textDecoration: message.isDeleted ? 'line-through' : undefined,
            }}
          >
            {!hidden && mediaType && <MessageMedia message={message} />}
            {showsText && (
              <Typography variant="body2" component="div">
                <MessageText text={message.body} />
              </Typography>
            )}
          </Box>
        )}
        <Stack
          direction="row"
          spacing={0.5}
          sx={{ justifyContent: 'flex-end', alignItems: 'center', mt: 0.25 }}
        >
          {message.isEdited && !message.isDeleted && (
            <Typography variant="caption" color="text.secondary" sx={{ fontStyle: 'italic' }}>
              {t('message.edited')}
            </Typography>
          )}
          <Typography variant="caption" color="text.secondary" component="time" dateTime={message.createdAt}>
            {formatTime(message.createdAt)}
          </Typography>
          {mine && !message.isPrivate && message.local?.state !== 'failed' && (
            <AckIcon ack={message.local ? 0 : message.ack} />
          )}
        </Stack>
        {message.local?.state === 'failed' && <FailedBubbleActions message={message} ticket={ticket} />}
        {reactions.length > 0 && (
          <Stack
            direction="row"
            spacing={0.5}
            sx={{ position: 'absolute', bottom: -14, [mine ? 'right' : 'left']: 8 }}
          >
            {reactions.map((reaction, i) => (
              <Chip
                // Reactions have no identity of their own; their order is stable.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                key={i}
                size="small"
                label={reaction.emoji}
                aria-label={t(reaction.fromMe ? 'message.reactionMine' : 'message.reaction', {
                  emoji: reaction.emoji,
                })}
                sx={{ height: 22, bgcolor: 'background.paper', boxShadow: 1 }}
              />
            ))}
          </Stack>
        )}
        {!message.local && !editing && (
          <MessageActions message={message} ticketUuid={ticket.uuid} canWrite={canWrite} />
        )}
      </Box>
    </Stack>
  );
});
