import '@mantine/core/styles.css';
import './global.css';
import './fonts/scripts.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { getToken } from './api/token';
import { App } from './app/App';
import { applyStoredColorScheme } from './app/color-scheme';
import { preloadShellCode, preloadShellData } from './app/preload';

// Light, dark or the device's choice, before anything draws (the CSP forbids Mantine's inline ColorSchemeScript).
applyStoredColorScheme();

// Signed in already (a reload, a link opened): the shell, the screen and their first reads start now, beside
// GET /user/me, rather than each after the one before.
if (getToken() && !window.location.pathname.startsWith('/login')) {
  const path = `${window.location.pathname}${window.location.search}`;
  preloadShellCode(path);
  preloadShellData(path);
}

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
