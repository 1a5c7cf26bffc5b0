import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** What a list shows when it has nothing to show. */
export function EmptyState({ title, message }: { title: string; message: string }) {
  return (
    <Box sx={{ p: 4, textAlign: 'center' }}>
      <Typography variant="h6" component="p">
        {title}
      </Typography>
      <Typography color="text.secondary">{message}</Typography>
    </Box>
  );
}
