import IconButton, { type IconButtonProps } from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { type ReactNode, useState } from 'react';

export interface MenuAction {
  key: string;
  run(): unknown;
}

interface ActionsMenuProps extends Pick<IconButtonProps, 'size' | 'className' | 'sx'> {
  /** The button's accessible name. */
  label: string;
  icon: ReactNode;
  /** `false` stands for an action not offered here; with none offered there is no button. */
  actions: readonly (MenuAction | false)[];
  actionLabel(key: string): string;
}

/** An icon button opening a menu of actions; choosing one closes the menu and runs it. */
export function ActionsMenu({ label, icon, actions, actionLabel, ...button }: ActionsMenuProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const offered = actions.filter((action): action is MenuAction => action !== false);
  if (offered.length === 0) return null;
  const close = () => setAnchor(null);
  return (
    <>
      <IconButton
        {...button}
        aria-label={label}
        aria-haspopup="menu"
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {icon}
      </IconButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={close}>
        {offered.map((action) => (
          <MenuItem
            key={action.key}
            onClick={() => {
              close();
              void action.run();
            }}
          >
            {actionLabel(action.key)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
