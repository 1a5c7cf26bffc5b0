import Autocomplete, { createFilterOptions } from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { Tag } from '../../../shared/api/tags';
import type { Ticket } from '../../../shared/api/tickets';
import { randomColor } from '../../../shared/random-color';
import { ColorChip } from '../../ui/ColorChip';
import { toast, toastError } from '../../ui/toast';
import { isQuickTagNameTooShort } from './tag-form';
import {
  type TicketTagChange,
  useCreateTag,
  useTagOptions,
  useTagsRealtime,
  useTicketTagChange,
} from './useTags';

type TagRef = Ticket['tags'][number];
/** A tag to pick, or the offer to create one named as typed. */
type TagOption = TagRef & { create?: string };

const filter = createFilterOptions<TagOption>();
const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** How long the toast after taking tags off offers to put them back. */
const TAG_UNDO_MS = 8000;

/**
 * The ticket's tags under the chat header: picking a tag adds it, removing a chip takes that one off,
 * clearing takes all off; a new name creates the tag with a random colour (1-attendance §5, §9).
 */
export function TicketTagsBar({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation('tags');
  const options = useTagOptions();
  const change = useTicketTagChange(ticket.id);
  const createTag = useCreateTag();
  useTagsRealtime();
  const all: Tag[] = options.data ?? [];

  const run = async (action: () => Promise<unknown>) => {
    try {
      await action();
    } catch (err) {
      toastError(err);
    }
  };

  // One click (a chip's ×, the clear button) takes tags off: the toast offers to put them back.
  const takeOff = (removed: readonly TagRef[], what: TicketTagChange, message: string) =>
    void run(async () => {
      await change.mutateAsync(what);
      toast.undoable(
        message,
        () =>
          void run(async () => {
            for (const tag of removed) await change.mutateAsync({ kind: 'add', tagId: tag.id });
          }),
        TAG_UNDO_MS,
      );
    });

  const createAndAdd = (typed: string) => {
    const name = typed.trim();
    if (isQuickTagNameTooShort(name)) {
      toast.error(t('ticket.tooShort'));
      return;
    }
    void run(async () => {
      const tag =
        all.find((existing) => sameName(existing.name, name)) ??
        (await createTag.mutateAsync({ name, color: randomColor(), kanban: 0 }));
      await change.mutateAsync({ kind: 'add', tagId: tag.id });
    });
  };

  return (
    <Box sx={{ px: 1, py: 0.5, borderBottom: 1, borderColor: 'divider' }}>
      <Autocomplete<TagOption, true, false, false>
        multiple
        size="small"
        autoHighlight
        filterSelectedOptions
        options={all}
        value={ticket.tags}
        loading={options.isLoading}
        loadingText={t('ticket.loading')}
        noOptionsText={t('ticket.noOptions')}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        getOptionLabel={(option) => option.name}
        filterOptions={(list, params) => {
          const shown = filter(list, params);
          const typed = params.inputValue.trim();
          if (typed && !list.some((tag) => sameName(tag.name, typed))) {
            shown.push({ id: -1, name: typed, color: '', create: typed });
          }
          return shown;
        }}
        renderOption={({ key, ...props }, option) => (
          <li key={key} {...props}>
            {option.create === undefined ? option.name : t('ticket.create', { name: option.create })}
          </li>
        )}
        renderValue={(value, getItemProps) =>
          value.map((tag, index) => {
            const { key, ...item } = getItemProps({ index });
            return <ColorChip key={key} {...item} size="small" label={tag.name} color={tag.color} />;
          })
        }
        onChange={(_, _value, reason, details) => {
          const option = details?.option;
          if (reason === 'clear') takeOff(ticket.tags, { kind: 'clear' }, t('ticket.cleared'));
          else if (!option) return;
          else if (option.create !== undefined) createAndAdd(option.create);
          else if (reason === 'selectOption')
            void run(() => change.mutateAsync({ kind: 'add', tagId: option.id }));
          else if (reason === 'removeOption')
            takeOff(
              [option],
              { kind: 'remove', tagId: option.id },
              t('ticket.removed', { name: option.name }),
            );
        }}
        renderInput={(params) => (
          <TextField
            {...params}
            variant="standard"
            placeholder={ticket.tags.length === 0 ? t('ticket.placeholder') : undefined}
            slotProps={{
              ...params.slotProps,
              htmlInput: { ...params.slotProps.htmlInput, 'aria-label': t('ticket.label') },
            }}
          />
        )}
      />
    </Box>
  );
}
