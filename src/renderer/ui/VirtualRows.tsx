import Box, { type BoxProps } from '@mui/material/Box';
import type { Virtualizer } from '@tanstack/react-virtual';
import type { ReactNode } from 'react';

interface VirtualRowsProps extends Pick<BoxProps, 'role' | 'aria-label'> {
  virtualizer: Virtualizer<HTMLDivElement, Element>;
  renderRow(index: number): ReactNode;
}

/** The rows a virtualiser has on screen, each placed at its offset and measured once drawn. */
export function VirtualRows({ virtualizer, renderRow, ...box }: VirtualRowsProps) {
  return (
    <Box {...box} sx={{ height: virtualizer.getTotalSize(), width: '100%', position: 'relative' }}>
      {virtualizer.getVirtualItems().map((row) => (
        <Box
          key={row.key}
          data-index={row.index}
          ref={virtualizer.measureElement}
          sx={{
            position: 'absolute',
            top: 0,
            left: 0,
            width: '100%',
            transform: `translateY(${row.start}px)`,
          }}
        >
          {renderRow(row.index)}
        </Box>
      ))}
    </Box>
  );
}
