import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router-dom';
import { createRouter } from './app/router';
import { makeStore } from './app/store';
import { theme } from './app/theme';
import { checkClientVersion } from './app/version';
import { validateSession } from './features/auth/session-thunks';

const store = makeStore();
const router = createRouter();

void store.dispatch(validateSession());
void checkClientVersion(store.dispatch);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Provider store={store}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <RouterProvider router={router} />
      </ThemeProvider>
    </Provider>
  </StrictMode>,
);
