import { createStore } from 'jotai';

/**
 * The app's one jotai store, created outside React so non-React code (the socket, the audio engine)
 * can read and write the same atoms the components use.
 */
export const appStore = createStore();
