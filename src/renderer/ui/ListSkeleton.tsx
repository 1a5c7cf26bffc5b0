import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';

/**
 * Placeholder rows of a list (an avatar and two lines each) while its first page loads, in the theme's
 * colours: the screen keeps its shape instead of a spinner on an empty area. Announced as one status.
 */
export function ListSkeleton({ label, rows = 8 }: { label: string; rows?: number }) {
  return (
    <Box role="status" aria-label={label} aria-busy="true" sx={{ px: 2, py: 1 }}>
      {Array.from({ length: rows }, (_, row) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
        <Box key={row} data-skeleton-row sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 1 }}>
          <Skeleton variant="circular" width={40} height={40} sx={{ flexShrink: 0 }} />
          <Box sx={{ flexGrow: 1, minWidth: 0 }}>
            <Skeleton width="60%" />
            <Skeleton width="85%" />
          </Box>
        </Box>
      ))}
    </Box>
  );
}
