import VolumeOff from '@mui/icons-material/VolumeOff';
import VolumeUp from '@mui/icons-material/VolumeUp';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { PopoverButton } from '../../ui/PopoverButton';
import { usePreferences } from '../preferences';

// The slider (MUI's Slider is one of the larger components) loads when the popover first opens.
const VolumeSlider = lazy(() => import('./VolumeSlider'));

/** 1-attendance §2: volume popover, slider 0 to 1 in steps of 0.1, saved locally. */
export function VolumeControl() {
  const { t } = useTranslation();
  const volume = usePreferences((state) => state.volume);
  const label = t('shell:topBar.volume');
  return (
    <PopoverButton label={label} icon={volume === 0 ? <VolumeOff /> : <VolumeUp />} align="center">
      {() => (
        <Suspense fallback={null}>
          <VolumeSlider label={label} />
        </Suspense>
      )}
    </PopoverButton>
  );
}
