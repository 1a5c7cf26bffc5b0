import Slider from '@mui/material/Slider';
import { usePreferences } from '../preferences';

/** The volume, 0 to 1 in steps of 0.1, saved locally. */
export default function VolumeSlider({ label }: { label: string }) {
  const volume = usePreferences((state) => state.volume);
  const setVolume = usePreferences((state) => state.setVolume);
  return (
    <Slider
      aria-label={label}
      value={volume}
      min={0}
      max={1}
      step={0.1}
      valueLabelDisplay="auto"
      onChange={(_, value) => setVolume(Math.round((value as number) * 10) / 10)}
      sx={{ width: 160, mx: 3, mt: 5, mb: 1 }}
    />
  );
}
