import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { formatMessageText, segmentSx } from './message-format';

/** Message text with WhatsApp formatting and links; never HTML. */
export function MessageText({ text }: { text: string }) {
  return (
    <Box component="span" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {formatMessageText(text).map((segment, i) => {
        const key = `${i}:${segment.text}`;
        if (segment.href) {
          return (
            <Link key={key} href={segment.href} target="_blank" rel="noopener noreferrer">
              {segment.text}
            </Link>
          );
        }
        return (
          <Box key={key} component="span" sx={segmentSx(segment)}>
            {segment.text}
          </Box>
        );
      })}
    </Box>
  );
}
