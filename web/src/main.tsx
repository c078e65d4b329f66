import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { applyStoredDarkMode } from './lib/theme';
import './styles/base.css';
import './styles/layout.css';
import './styles/forms.css';
import './styles/table.css';

applyStoredDarkMode();

const root = document.getElementById('root');
if (!root) throw new Error('missing #root');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
