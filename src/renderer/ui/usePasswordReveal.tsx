import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import { useState } from 'react';

/** A password input's type and the eye button that shows or hides what was typed. */
export function usePasswordReveal(labels: { show: string; hide: string }) {
  const [shown, setShown] = useState(false);
  return {
    type: shown ? 'text' : 'password',
    toggle: (
      <InputAdornment position="end">
        <IconButton
          aria-label={shown ? labels.hide : labels.show}
          onClick={() => setShown((value) => !value)}
          edge="end"
        >
          {shown ? <VisibilityOff /> : <Visibility />}
        </IconButton>
      </InputAdornment>
    ),
  };
}
