import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useThemeMode } from '../theme';
import { useLogo, useWhitelabel } from '../whitelabel';

/** The platform's logo and name (2-administration §3 whitelabel: appName, appLogoLight/Dark). */
export function Brand() {
  const whitelabel = useWhitelabel();
  const logo = useLogo(whitelabel, useThemeMode());
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }} data-testid="brand">
      <Box component="img" src={logo} alt="" sx={{ height: 32, maxWidth: 96, objectFit: 'contain' }} />
      <Typography component="span" variant="subtitle1" noWrap sx={{ fontWeight: 600 }}>
        {whitelabel.appName}
      </Typography>
    </Box>
  );
}
