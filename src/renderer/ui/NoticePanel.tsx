import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

interface NoticePanelProps {
  /** A large, muted icon above the title. */
  icon: ReactNode;
  title: string;
  message: string;
  /** The way on, where there is one (a button). */
  children?: ReactNode;
}

/** A screen's whole content when it has nothing to show but why: no permission, no such address. */
export function NoticePanel({ icon, title, message, children }: NoticePanelProps) {
  return (
    <Paper
      variant="outlined"
      role="alert"
      sx={{
        p: 4,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        gap: 1,
        textAlign: 'center',
      }}
    >
      {icon}
      <Typography variant="h6" component="h1">
        {title}
      </Typography>
      <Typography color="text.secondary">{message}</Typography>
      {children}
    </Paper>
  );
}
