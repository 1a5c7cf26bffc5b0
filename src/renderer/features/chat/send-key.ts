import type { KeyboardEvent } from 'react';

/** Enter sends; Shift+Enter breaks the line; the Enter ending an input method's word does not send. */
export const isSendKey = (event: KeyboardEvent) =>
  event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing;
