import Box from '@mui/material/Box';

export interface QueueRef {
  id: number;
  name: string;
  color: string;
}

/** The queue's colour as a small dot before its name. */
export function QueueDot({ color }: { color: string }) {
  return (
    <Box
      component="span"
      aria-hidden
      sx={{
        display: 'inline-block',
        width: 10,
        height: 10,
        borderRadius: '50%',
        bgcolor: color,
        mr: 1,
        flexShrink: 0,
      }}
    />
  );
}
