import DarkModeOutlined from '@mui/icons-material/DarkModeOutlined';
import LightModeOutlined from '@mui/icons-material/LightModeOutlined';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { useThemeMode, useToggleTheme } from './theme';

export function ThemeToggle({ color = 'inherit' }: { color?: 'inherit' | 'default' }) {
  const { t } = useTranslation();
  const mode = useThemeMode();
  const toggle = useToggleTheme();
  const label = mode === 'light' ? t('common:theme.toDark') : t('common:theme.toLight');
  return (
    <Tooltip title={label}>
      <IconButton color={color} aria-label={label} onClick={toggle}>
        {mode === 'light' ? <DarkModeOutlined /> : <LightModeOutlined />}
      </IconButton>
    </Tooltip>
  );
}
