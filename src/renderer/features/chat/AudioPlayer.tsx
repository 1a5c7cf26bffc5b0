import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useAudioSpeed } from './useAudioSpeed';

/** An audio message with the speed button (0.5×, 1×, 1.5×, 2×, remembered for every player). */
export function AudioPlayer({ src }: { src: string }) {
  const { t } = useTranslation('chat');
  const ref = useRef<HTMLAudioElement>(null);
  const speed = useAudioSpeed((state) => state.speed);
  const cycle = useAudioSpeed((state) => state.cycle);

  useEffect(() => {
    const audio = ref.current;
    if (!audio) return;
    // The default rate carries over when the source loads; the current one applies now.
    audio.defaultPlaybackRate = speed;
    audio.playbackRate = speed;
  }, [speed]);

  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', maxWidth: '100%' }}>
      <audio ref={ref} src={src} controls preload="metadata" style={{ width: 240, maxWidth: '100%' }}>
        <track kind="captions" />
      </audio>
      <Button
        size="small"
        variant="outlined"
        onClick={cycle}
        aria-label={t('media.speed', { speed })}
        sx={{ minWidth: 48, px: 1 }}
      >
        {speed}×
      </Button>
    </Stack>
  );
}
