import AttachFile from '@mui/icons-material/AttachFile';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Popper from '@mui/material/Popper';
import { type KeyboardEvent, useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { QuickMessage } from '../../../shared/api/quick-messages';
import { matchingQuickMessages, suggestionLabel } from './suggestions';
import { useAllQuickMessages, useQuickMessagesRealtime } from './useQuickMessages';

export interface QuickMessageSuggestionsState {
  open: boolean;
  items: QuickMessage[];
  active: number;
  listId: string;
  /** The id of the highlighted option, for the composer's aria-activedescendant. */
  activeId: string | undefined;
  setActive(index: number): void;
  /** Arrows move, Enter or Tab chooses, Escape closes; true when the key was the suggestions'. */
  handleKey(event: KeyboardEvent, choose: (quickMessage: QuickMessage) => void): boolean;
}

const optionId = (listId: string, index: number) => `${listId}-${index}`;

/** 1-attendance §5: the quick messages a composer text beginning with '/' asks for. */
export function useQuickMessageSuggestions(text: string): QuickMessageSuggestionsState {
  const all = useAllQuickMessages();
  useQuickMessagesRealtime();
  const listId = useId();
  const [active, setActive] = useState(0);
  // Escape closes the list until the text changes.
  const [dismissed, setDismissed] = useState(false);
  const items = useMemo(() => matchingQuickMessages(all.data ?? [], text), [all.data, text]);
  const open = items.length > 0 && !dismissed;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new text reopens the list at its first suggestion
  useEffect(() => {
    setActive(0);
    setDismissed(false);
  }, [text]);

  const current = Math.min(active, items.length - 1);
  return {
    open,
    items,
    active: current,
    listId,
    activeId: open ? optionId(listId, current) : undefined,
    setActive,
    handleKey(event, choose) {
      if (!open || event.nativeEvent.isComposing) return false;
      const count = items.length;
      if (event.key === 'ArrowDown') setActive((current + 1) % count);
      else if (event.key === 'ArrowUp') setActive((current - 1 + count) % count);
      else if ((event.key === 'Enter' && !event.shiftKey) || event.key === 'Tab') choose(items[current]!);
      else if (event.key === 'Escape') setDismissed(true);
      else return false;
      event.preventDefault();
      return true;
    },
  };
}

/** The suggestion list above the composer; clicking keeps the focus in the composer. */
export function QuickMessageSuggestions({
  anchor,
  state,
  onChoose,
}: {
  anchor: HTMLElement | null;
  state: QuickMessageSuggestionsState;
  onChoose(quickMessage: QuickMessage): void;
}) {
  const { t } = useTranslation('quickMessages');
  return (
    <Popper
      open={state.open && anchor !== null}
      anchorEl={anchor}
      placement="top-start"
      sx={{ zIndex: (theme) => theme.zIndex.modal, width: anchor?.clientWidth }}
    >
      <Paper elevation={4} sx={{ maxHeight: 280, overflowY: 'auto' }}>
        <List dense role="listbox" id={state.listId} aria-label={t('suggestions.label')}>
          {state.items.map((quickMessage, index) => (
            <ListItemButton
              key={quickMessage.id}
              id={optionId(state.listId, index)}
              role="option"
              aria-selected={index === state.active}
              selected={index === state.active}
              onMouseDown={(event) => event.preventDefault()}
              onMouseEnter={() => state.setActive(index)}
              onClick={() => onChoose(quickMessage)}
            >
              <ListItemText
                primary={suggestionLabel(quickMessage)}
                slotProps={{ primary: { noWrap: true } }}
              />
              {quickMessage.isMedia && (
                <ListItemIcon sx={{ minWidth: 0, ml: 1 }}>
                  <AttachFile fontSize="small" />
                </ListItemIcon>
              )}
            </ListItemButton>
          ))}
        </List>
      </Paper>
    </Popper>
  );
}
