import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import Tooltip from '@mui/material/Tooltip';
import { type ReactNode, useState } from 'react';

interface PopoverButtonProps {
  /** The button's tooltip and accessible name. */
  label: string;
  icon: ReactNode;
  /** Where the popover lines up under the button. */
  align: 'center' | 'right';
  /** The popover's content, given a way to close it. */
  children(close: () => void): ReactNode;
}

/** A top-bar icon button that opens a popover below it. */
export function PopoverButton({ label, icon, align, children }: PopoverButtonProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  return (
    <>
      <Tooltip title={label}>
        <IconButton color="inherit" aria-label={label} onClick={(event) => setAnchor(event.currentTarget)}>
          {icon}
        </IconButton>
      </Tooltip>
      <Popover
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: align }}
        transformOrigin={{ vertical: 'top', horizontal: align }}
      >
        {children(close)}
      </Popover>
    </>
  );
}
