import { createStore } from 'jotai';

/**
 * The one jotai store. React reads it through <Provider store={store}>; non-React code
 * (the API client) reads and writes the session through it directly.
 */
export const store = createStore();
