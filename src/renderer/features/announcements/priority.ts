import type { Theme } from '@mui/material/styles';

/** 3-automation §9: the shell colours priorities 1 red, 2 orange, 3 grey. */
export function priorityColor(priority: number, theme: Theme) {
  if (priority === 1) return theme.palette.error.main;
  if (priority === 2) return theme.palette.warning.main;
  return theme.palette.grey[500];
}
