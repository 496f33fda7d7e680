import { combineReducers, configureStore, createListenerMiddleware, isAnyOf } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { useDispatch, useSelector } from 'react-redux';
import { api } from './api';
import { shopApi } from '../features/shop/shop.api';
import {
  initialSessionState,
  persistToken,
  reauthenticated,
  sessionSlice,
  settleSessionWaiters,
  signedIn,
  signedOut,
} from './session';

const rootReducer = combineReducers({
  [api.reducerPath]: api.reducer,
  [shopApi.reducerPath]: shopApi.reducer,
  [sessionSlice.name]: sessionSlice.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;

export function makeStore(preloaded?: Partial<RootState>) {
  const listeners = createListenerMiddleware();
  listeners.startListening({
    matcher: isAnyOf(signedIn, reauthenticated),
    effect: () => settleSessionWaiters(true),
  });
  listeners.startListening({ actionCreator: signedOut, effect: () => settleSessionWaiters(false) });

  const store = configureStore({
    reducer: rootReducer,
    preloadedState: { session: initialSessionState(), ...preloaded },
    middleware: (getDefault) =>
      getDefault().prepend(listeners.middleware).concat(api.middleware, shopApi.middleware),
  });

  let lastToken = store.getState().session.token;
  store.subscribe(() => {
    const { token } = store.getState().session;
    if (token !== lastToken) {
      lastToken = token;
      persistToken(token);
    }
  });
  setupListeners(store.dispatch);
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
