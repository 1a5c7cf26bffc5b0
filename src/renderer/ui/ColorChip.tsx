import Chip, { type ChipProps } from '@mui/material/Chip';
import { useTheme } from '@mui/material/styles';

interface ColorChipProps extends Omit<ChipProps, 'color'> {
  /** A colour the user chose (tags, queues): the text takes the readable contrast to it. */
  color: string;
}

/** A chip painted with a user-chosen colour; an unparsable colour keeps the default text colour. */
export function ColorChip({ color, sx, ...chip }: ColorChipProps) {
  const theme = useTheme();
  let text: string | undefined;
  try {
    text = theme.palette.getContrastText(color);
  } catch {
    text = undefined;
  }
  return <Chip {...chip} sx={[{ bgcolor: color, color: text }, ...(Array.isArray(sx) ? sx : [sx])]} />;
}
