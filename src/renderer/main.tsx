import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { initI18n } from './app/i18n';
import { createHttpBridge } from './bridge/http';
import { createIpcBridge } from './bridge/ipc';

// The desktop preload exposes `window.atendo`; a browser talks HTTP to the server that served the page.
const bridge = 'atendo' in window ? createIpcBridge() : createHttpBridge();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
// Immediate in Portuguese; another language first fetches its chunk, so the first frame is already in it.
void initI18n().then(() =>
  createRoot(root).render(
    <StrictMode>
      <App bridge={bridge} />
    </StrictMode>,
  ),
);
