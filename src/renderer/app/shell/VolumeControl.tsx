import VolumeOff from '@mui/icons-material/VolumeOff';
import VolumeUp from '@mui/icons-material/VolumeUp';
import Slider from '@mui/material/Slider';
import { useTranslation } from 'react-i18next';
import { PopoverButton } from '../../ui/PopoverButton';
import { usePreferences } from '../preferences';

/** 1-attendance §2: volume popover, slider 0 to 1 in steps of 0.1, saved locally. */
export function VolumeControl() {
  const { t } = useTranslation();
  const volume = usePreferences((state) => state.volume);
  const setVolume = usePreferences((state) => state.setVolume);
  const label = t('shell:topBar.volume');
  return (
    <PopoverButton label={label} icon={volume === 0 ? <VolumeOff /> : <VolumeUp />} align="center">
      {() => (
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
      )}
    </PopoverButton>
  );
}
