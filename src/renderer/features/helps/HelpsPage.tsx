import PlayCircleOutlined from '@mui/icons-material/PlayCircleOutlined';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Help } from '../../../shared/api/helps';
import { embedUrl, parseHelpVideo } from '../../../shared/help-video';
import { useHelps } from '../../app/shell/useVisibleMenu';
import { EmptyState } from '../../ui/EmptyState';

/** Route /helps (2-administration §2.10): the platform's help videos as cards. */
export default function HelpsPage() {
  const { t } = useTranslation('helps');
  const helps = useHelps();
  return (
    <Box sx={{ height: '100%', overflow: 'auto', p: 2 }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {t('page.title')}
      </Typography>
      {helps.isPending ? (
        <Box aria-busy aria-label={t('page.loading')} sx={grid}>
          {[0, 1, 2].map((n) => (
            <Skeleton key={n} variant="rounded" height={260} />
          ))}
        </Box>
      ) : (helps.data ?? []).length === 0 ? (
        <EmptyState title={t('page.empty.title')} message={t('page.empty.message')} />
      ) : (
        <Box component="ul" sx={{ ...grid, listStyle: 'none', m: 0, p: 0 }}>
          {helps.data?.map((help) => (
            <li key={help.id}>
              <HelpCard help={help} />
            </li>
          ))}
        </Box>
      )}
    </Box>
  );
}

const grid = { display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(280px, 1fr))' };

function HelpCard({ help }: { help: Help }) {
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <HelpVideoPlayer help={help} />
      <CardContent>
        <Typography variant="subtitle1" component="h2">
          {help.title}
        </Typography>
        {help.description && (
          <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-line' }}>
            {help.description}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * Nothing is fetched from the video site until the reader asks (no third-party request, no cookie on a
 * visit to the page); then the player of the provider's privacy-friendly host plays at once.
 */
function HelpVideoPlayer({ help }: { help: Help }) {
  const { t } = useTranslation('helps');
  const [playing, setPlaying] = useState(false);
  const video = parseHelpVideo(help.video);
  if (!video) return null;
  const frame = { width: '100%', aspectRatio: '16 / 9', display: 'block', border: 0 };
  if (playing) {
    return (
      <Box
        component="iframe"
        src={embedUrl(video)}
        title={help.title}
        allow="autoplay; fullscreen; picture-in-picture"
        allowFullScreen
        sx={frame}
      />
    );
  }
  const host = video.provider === 'youtube' ? 'youtube-nocookie.com' : 'vimeo.com';
  return (
    <ButtonBase
      onClick={() => setPlaying(true)}
      aria-label={t('page.play', { title: help.title })}
      sx={{ ...frame, bgcolor: 'action.hover', flexDirection: 'column', gap: 1, display: 'flex' }}
    >
      <PlayCircleOutlined sx={{ fontSize: 56 }} color="primary" />
      <Typography variant="caption" color="text.secondary">
        {t('page.consent', { host })}
      </Typography>
    </ButtonBase>
  );
}
